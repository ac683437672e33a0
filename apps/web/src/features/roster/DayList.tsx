import type { RosterItem } from '@app/contracts';
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMessageCircle, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeekdayDate } from '../../ui/format';
import { useRosterView } from './context';
import { DayPanel } from './DayPanel';
import { DayHeadMarks } from './grid/DayHeadMarks';
import { DayWeather } from './grid/DayWeather';
import { ItemCard } from './ItemCard';
import { formatDuration, isoWeek, itemVisible } from './model';
import { AddPanel } from './toolbox/AddPanel';
import { ToolboxSheet } from './toolbox/Floating';
import { ItemToolbox } from './toolbox/ItemToolbox';

/**
 * The roster on a phone: a list of days, each with its items; the toolbox is a bottom sheet. A period with today
 * opens scrolled to today, and each `todayAsked` (the "Today" button) scrolls there again.
 */
export function DayList({ duties, todayAsked = 0 }: { duties: readonly string[]; todayAsked?: number }) {
  const { t } = useTranslation();
  const view = useRosterView();
  const { data, planner, tab, me, locale, today } = view;
  const [dayOpen, setDayOpen] = useState<string | null>(null);
  const byDate = new Map<string, RosterItem[]>();
  for (const item of data.items) {
    if (!itemVisible(item, { me, tab, duties })) continue;
    const list = byDate.get(item.date);
    if (list) list.push(item);
    else byDate.set(item.date, [item]);
  }
  const active = view.activeItem ? data.items.find((i) => i.id === view.activeItem) : null;
  const scrolled = useRef<string | null>(null);
  const first = data.days[0]?.date;
  const hasToday = data.days.some((d) => d.date === today);
  useEffect(() => {
    const key = `${first}:${todayAsked}`;
    if (!hasToday || scrolled.current === key) return;
    scrolled.current = key;
    document.getElementById(`day-title-${today}`)?.closest('section')?.scrollIntoView({ block: 'start' });
  }, [first, hasToday, today, todayAsked]);

  return (
    <Stack gap="sm" data-testid="roster-day-list">
      {data.days.map((day) => {
        const items = byDate.get(day.date) ?? [];
        const hidden = !planner && !day.released;
        const comments = data.comments.filter((c) => c.date === day.date).length;
        const minutes = items.reduce((n, i) => n + (i.stats?.minutes ?? 0), 0);
        return (
          <Paper
            key={day.date}
            withBorder
            p="sm"
            component="section"
            aria-labelledby={`day-title-${day.date}`}
            data-testid={`day-section-${day.date}`}
            data-past={day.past || undefined}
            className="roster-day-section"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" mb={items.length || hidden ? 'xs' : 0}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                {/* elementtiming: the browser reports when this text was first painted (bench/first-load.bench.ts). */}
                <Text fw={700} size="sm" id={`day-title-${day.date}`} elementtiming="roster-day">
                  {formatWeekdayDate(day.date, locale)}
                  {day.date === today ? ` · ${t('roster.today')}` : ''}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('roster.weekShort', { week: isoWeek(day.date) })} · {formatDuration(minutes)} h
                </Text>
                <DayHeadMarks date={day.date} />
                <DayWeather date={day.date} />
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Badge size="sm" variant="light" color={day.released ? 'teal' : 'gray'} c="dark.7">
                  {day.released ? t('roster.released') : t('roster.notReleased')}
                </Badge>
                <UnstyledButton
                  className="roster-day-comments"
                  onClick={() => setDayOpen(day.date)}
                  // "…: 1", not "… (1)": axe does not find the shown count inside parentheses (label in name).
                  aria-label={t('roster.day.openNamed', { count: comments })}
                >
                  <IconMessageCircle size={18} aria-hidden />
                  {comments > 0 && <span className="roster-icon-count">{comments}</span>}
                </UnstyledButton>
              </Group>
            </Group>
            {data.notes[day.date] && (
              <Text size="xs" c="blue.9" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>
                {data.notes[day.date]}
              </Text>
            )}
            {hidden ? (
              <Text size="sm" c="gray.7">
                {t('roster.notReleasedYet')}
              </Text>
            ) : (
              <Stack gap={6}>
                {items.length === 0 && (
                  <Text size="sm" c="gray.7">
                    {t(
                      tab === 'mine'
                        ? 'roster.empty.mineDay'
                        : tab === 'open'
                          ? 'roster.empty.openDay'
                          : 'roster.empty.day',
                    )}
                  </Text>
                )}
                {items.map((item) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    showPerson
                    selected={view.selected.has(item.id)}
                    onOpen={(event) => {
                      if (view.planner && (event.shiftKey || event.ctrlKey || event.metaKey)) {
                        view.toggleSelected(item.id);
                      } else view.openItem(item.id);
                    }}
                  />
                ))}
              </Stack>
            )}
            {planner && (
              <Button
                variant="subtle"
                size="xs"
                mt="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => view.openAdd({ row: '', date: day.date })}
                data-testid={`day-add-${day.date}`}
              >
                {t('roster.add.button')}
              </Button>
            )}
          </Paper>
        );
      })}
      <ToolboxSheet
        opened={Boolean(active || view.adding)}
        onClose={view.closeToolbox}
        label={view.adding ? t('roster.add.label') : t('roster.toolbox.label')}
      >
        {active && <ItemToolbox item={active} onClose={view.closeToolbox} />}
        {!active && view.adding && <AddPanel target={view.adding} onClose={view.closeToolbox} />}
      </ToolboxSheet>
      <ToolboxSheet opened={dayOpen !== null} onClose={() => setDayOpen(null)} label={t('roster.day.panel')}>
        {dayOpen && <DayPanel date={dayOpen} />}
      </ToolboxSheet>
    </Stack>
  );
}
