import { ActionIcon, Group, Loader, ScrollArea, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayCandidatesQuery, itemCalls } from '../api';
import { type AddTarget, useRosterView } from '../context';
import { longDayLabel, NO_DUTY_COLOR } from '../format';
import { OPEN_ROW } from '../model';

type AddTab = 'user' | 'shift' | 'duty';

/**
 * Adding an item to a cell: choose the duty (or, without active duties, the shift); in the day list also the
 * person first. The item is created at once and its toolbox opens.
 */
export function AddPanel({ target, onClose }: { target: AddTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, location, edit, openItem, toolbox, locale } = useRosterView();
  const person = target.row === OPEN_ROW || target.row === '' ? null : target.row;
  const duties = Object.values(data.duties).filter((d) => !d.trashed);
  const shifts = Object.values(data.shifts).filter((s) => !s.trashed);
  const tabs: AddTab[] = [];
  // Without a row (the day list) the person comes first.
  if (target.row === '') tabs.push('user');
  if (toolbox.modules.shifts && shifts.length > 0 && duties.length === 0) tabs.push('shift');
  if (duties.length > 0) tabs.push('duty');
  const [tab, setTab] = useState<AddTab>(tabs[0] ?? 'duty');
  const candidates = useQuery({ ...dayCandidatesQuery(location, target.date), enabled: tabs.includes('user') });

  const create = async (choice: { duty?: string; shift?: string; user?: string }) => {
    const user = choice.user ?? person ?? undefined;
    const r = await edit.run({
      call: (flags) =>
        itemCalls.create(
          { location, date: target.date, duty: choice.duty, shift: choice.shift, ...(user ? { user } : {}) },
          flags,
        ),
    });
    if (r.ok && r.item) openItem(r.item.id);
  };

  const title = person
    ? (data.users[person]?.name ?? t('roster.hiddenName'))
    : target.row === ''
      ? t('roster.add.anyone')
      : t('roster.openDuties');
  return (
    <div data-testid="add-panel">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" truncate>
            {t('roster.add.title', { name: title })}
          </Text>
          <Text size="xs" c="gray.7">
            {longDayLabel(target.date, locale)}
          </Text>
        </Stack>
        <ActionIcon variant="subtle" color="gray" aria-label={t('roster.toolbox.close')} onClick={onClose}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {tabs.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('roster.add.nothing')}
        </Text>
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v as AddTab)} variant="pills" keepMounted={false}>
          <Tabs.List aria-label={t('roster.add.tabs')}>
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name} size="xs" data-testid={`add-tab-${name}`}>
                {t(`roster.add.tab.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="duty" pt="sm">
            <Stack gap={4}>
              {duties.map((d) => (
                <UnstyledButton
                  key={d.id}
                  className="roster-choice"
                  onClick={() => void create({ duty: d.id })}
                  data-testid={`add-duty-${d.identifier}`}
                  disabled={edit.pending}
                >
                  <Group gap="xs" wrap="nowrap">
                    <span className="roster-swatch" style={{ background: d.color || NO_DUTY_COLOR }} aria-hidden />
                    <Text size="sm" fw={600}>
                      {d.identifier}
                    </Text>
                    <Text size="sm">{d.name}</Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="shift" pt="sm">
            <Stack gap={4}>
              {shifts.map((s) => (
                <UnstyledButton
                  key={s.id}
                  className="roster-choice"
                  onClick={() => void create({ shift: s.id })}
                  disabled={edit.pending}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {s.identifier} · {s.name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {s.times.from}–{s.times.until}
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="user" pt="sm">
            {candidates.isPending ? (
              <Loader size="sm" aria-label={t('common.loading')} />
            ) : (
              <ScrollArea.Autosize mah={280} type="auto">
                <Stack gap={2}>
                  {(candidates.data ?? []).length === 0 && (
                    <Text size="sm" c="gray.7">
                      {t('roster.user.none')}
                    </Text>
                  )}
                  {(candidates.data ?? []).map((id) => (
                    <UnstyledButton
                      key={id}
                      className="roster-choice"
                      onClick={() => void create({ user: id })}
                      disabled={edit.pending}
                    >
                      <Text size="sm">{data.users[id]?.name ?? t('roster.hiddenName')}</Text>
                    </UnstyledButton>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Tabs.Panel>
        </Tabs>
      )}
    </div>
  );
}
