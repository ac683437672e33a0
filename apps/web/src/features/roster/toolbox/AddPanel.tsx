import type { RosterItem } from '@app/contracts';
import { ActionIcon, Button, Group, ScrollArea, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyLoader } from '../../../ui/BusyLoader';
import { dayCandidatesQuery, itemCalls } from '../api';
import { type AddTarget, useRosterView } from '../context';
import { longDayLabel, NO_DUTY_COLOR } from '../format';
import { OPEN_ROW } from '../model';
import { type TimesInput, TimesPanel } from './TimesPanel';

type AddTab = 'user' | 'shift' | 'duty';

/** What the planner has chosen for a new item so far (nothing of it exists on the server yet). */
interface Draft {
  duty?: string;
  shift?: string;
  user?: string;
}

/** A draft as the times tab reads an item (it has no id on the server). */
const draftItem = (location: string, date: string, draft: Draft): RosterItem => ({
  id: 'draft',
  date,
  location,
  user: draft.user ?? null,
  assigned: Boolean(draft.user),
  duty: draft.duty ?? null,
  shift: draft.shift ?? null,
  times: null,
  tags: [],
  notes: null,
  internal: null,
  flag: null,
  conflicts: null,
  hour: null,
  stats: null,
  resource: null,
  travelRole: null,
  project: null,
  applications: [],
  pending: false,
});

/**
 * Adding an item to a cell: choose the duty (or, without active duties, the shift); in the day list also the
 * person first. A duty leads on to its times: the new item is a draft until the planner confirms it (saving the
 * times, or "without times"); closing the panel, Escape or leaving the page leaves nothing behind. A shift brings
 * its times, so choosing one creates the item. Its toolbox opens on the created item.
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
  const [draft, setDraft] = useState<Draft | null>(null);
  const candidates = useQuery({ ...dayCandidatesQuery(location, target.date), enabled: tabs.includes('user') });

  const create = async (choice: Draft, times?: TimesInput): Promise<boolean> => {
    const user = choice.user ?? person ?? undefined;
    const r = await edit.run({
      call: (flags) =>
        itemCalls.create(
          {
            location,
            date: target.date,
            duty: choice.duty,
            shift: choice.shift,
            ...(times ? { times } : {}),
            ...(user ? { user } : {}),
          },
          flags,
        ),
    });
    if (r.ok && r.item) openItem(r.item.id);
    return r.ok;
  };
  /** A chosen duty (or person) is kept in the draft; a shift brings its times and creates the item. */
  const choose = (choice: Draft) => {
    const next = { ...draft, ...choice };
    if (next.shift) void create(next);
    else if (next.duty || !tabs.includes('duty')) setDraft(next);
    else {
      setDraft(next);
      setTab('duty');
    }
  };
  const drafting = draft && (draft.duty || !tabs.includes('duty'));

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
      {drafting ? (
        <Stack gap="xs" data-testid="add-draft">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconArrowLeft size={14} aria-hidden />}
              onClick={() => setDraft(null)}
            >
              {t('roster.add.back')}
            </Button>
            <Text size="sm" fw={600} truncate>
              {(draft.duty && data.duties[draft.duty]?.name) ?? ''}
            </Text>
          </Group>
          <Text size="xs" c="gray.7">
            {t('roster.add.draftHint')}
          </Text>
          <TimesPanel
            item={draftItem(location, target.date, draft)}
            save={(times) => create(draft, times)}
            saveLabel={t('roster.add.create')}
          />
          <Button
            size="xs"
            variant="default"
            onClick={() => void create(draft)}
            disabled={edit.pending}
            data-testid="add-without-times"
          >
            {t('roster.add.withoutTimes')}
          </Button>
        </Stack>
      ) : tabs.length === 0 ? (
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
                  onClick={() => choose({ duty: d.id })}
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
                  onClick={() => choose({ shift: s.id })}
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
              <BusyLoader size="sm" />
            ) : (
              <ScrollArea.Autosize mah={280} type="auto" viewportProps={{ tabIndex: 0 }}>
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
                      onClick={() => choose({ user: id })}
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
