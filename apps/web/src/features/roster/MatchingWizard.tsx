import type { MatchingResponse } from '@app/contracts';
import { addDays, firstOpenDay } from '@app/domain';
import { Button, Group, Loader, Modal, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconWand } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { usePickerIds } from '../../ui/usePickerIds';
import { AutoRosterPanel } from './AutoRosterPanel';
import { matchingCalls, rosterKeys } from './api';
import { useRosterView } from './context';
import { dayLabel, dutyOf, timesLabel } from './format';
import { MatchingSummary } from './MatchingSummary';
import { matchingReasons } from './matchingText';
import { ProposalChoice, ProposalConflicts } from './ProposalChoice';
import { refusalAsWarning } from './refusals';

type Mode = 'auto' | 'exact' | 'fast';

/** Seconds since a start, ticking while running. */
function useElapsed(running: boolean) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const started = performance.now();
    const timer = setInterval(() => setSeconds(Math.floor((performance.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/**
 * The matching wizard, with auto-roster as its second tab (AutoRosterPanel). Filling open duties: choose the range (after the release date) and the engine, run it with visible progress and a
 * cancel button, see who goes where and why, what stays open and the figures of the solution, accept all or some,
 * and apply; what conflicts by then is listed with the rule's message.
 */
export function MatchingWizard({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  const queryClient = useQueryClient();
  const { data, location, locale, today, weekStartsOn } = useRosterView();
  const releasedUntil = data.locations[location]?.releasedUntil ?? null;
  const firstOpen = firstOpenDay(releasedUntil, today);
  const [opened, setOpened] = useState(false);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [mode, setMode] = useState<Mode>('auto');
  const [proposal, setProposal] = useState<MatchingResponse | null>(null);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [conflicts, setConflicts] = useState<{ item: string; user: string; code: string }[]>([]);
  const abort = useRef<AbortController | null>(null);
  const [tab, setTab] = useState<'fill' | 'auto'>('fill');

  const open = () => {
    const until = data.periods.until > firstOpen ? data.periods.until : addDays(firstOpen, 6);
    setRange([firstOpen, until]);
    setProposal(null);
    setConflicts([]);
    setOpened(true);
  };
  const close = () => {
    abort.current?.abort();
    setOpened(false);
  };

  const proposing = useMutation({
    ...refusalAsWarning,
    // A cancelled run is no failure: it answers null.
    mutationFn: async ({ from, until }: { from: string; until: string }) => {
      const controller = new AbortController();
      abort.current = controller;
      try {
        return await matchingCalls.propose(location, { from, until, mode }, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return null;
        throw error;
      } finally {
        abort.current = null;
      }
    },
    onMutate: () => {
      setProposal(null);
      setConflicts([]);
    },
    onSuccess: (answer) => {
      if (!answer) return notify('info', t('roster.matching.cancelled'));
      setProposal(answer);
      setAccepted(new Set(answer.assignments.map((a) => a.item)));
    },
  });
  const running = proposing.isPending;
  const elapsed = useElapsed(running);
  const run = () => {
    const [from, until] = range;
    if (from && until) proposing.mutate({ from, until });
  };

  const applying = useMutation({
    ...refusalAsWarning,
    mutationFn: (assignments: { item: string; user: string }[]) => matchingCalls.apply(location, { assignments }),
    onSuccess: (answer) => {
      notify('success', t('roster.matching.applied', { count: answer.applied.length }));
      setConflicts(answer.conflicts);
      if (answer.conflicts.length === 0) setOpened(false);
      setProposal(null);
      return queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
    },
  });
  const apply = () => {
    if (!proposal) return;
    const chosen = proposal.assignments
      .filter((a) => accepted.has(a.item))
      .map((a) => ({ item: a.item, user: a.user }));
    if (chosen.length > 0) applying.mutate(chosen);
  };

  const itemOf = (id: string) => data.items.find((i) => i.id === id);
  const nameOf = (id: string) => data.users[id]?.name ?? t('roster.hiddenName');
  const describe = (id: string) => {
    const item = itemOf(id);
    if (!item) return t('roster.openDuty');
    const duty = dutyOf(data, item);
    return `${dayLabel(item.date, locale)} · ${duty?.identifier ?? '—'} ${timesLabel(item) ?? t('roster.noTimes')}`;
  };

  return (
    <>
      <ToolbarButton
        compact={compact}
        icon={<IconWand size={16} aria-hidden />}
        label={t('roster.matching.button')}
        onClick={open}
        data-testid="matching-open"
      />
      <Modal
        opened={opened}
        onClose={close}
        title={t('roster.matching.title')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Tabs value={tab} onChange={(v) => setTab(v === 'auto' ? 'auto' : 'fill')} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="fill" data-testid="matching-tab-fill">
              {t('roster.matching.tabFill')}
            </Tabs.Tab>
            <Tabs.Tab value="auto" data-testid="matching-tab-auto">
              {t('roster.autoroster.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="auto">
            <AutoRosterPanel onApplied={() => setOpened(false)} />
          </Tabs.Panel>
          <Tabs.Panel value="fill">
            <Stack gap="sm" data-testid="matching-dialog">
              <Text size="sm">{t('roster.matching.intro')}</Text>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <DatePickerInput
                  id={picker.id}
                  type="range"
                  label={t('roster.matching.range')}
                  value={range}
                  onChange={setRange}
                  minDate={firstOpen}
                  locale={locale}
                  firstDayOfWeek={weekStartsOn === 'sunday' ? 0 : 1}
                  withWeekNumbers
                  ariaLabels={calendarAriaLabels(t)}
                  popoverProps={{ id: picker.popoverId, classNames: { dropdown: 'roster-release' } }}
                  valueFormat="DD.MM.YYYY"
                  w={240}
                />
                <SegmentedControl
                  aria-label={t('roster.matching.mode')}
                  value={mode}
                  onChange={(v) => setMode(v as Mode)}
                  data={(['auto', 'exact', 'fast'] as const).map((m) => ({
                    value: m,
                    label: t(`roster.matching.modes.${m}`),
                  }))}
                />
                {running ? (
                  <Button variant="default" onClick={() => abort.current?.abort()} data-testid="matching-cancel">
                    {t('common.cancel')}
                  </Button>
                ) : (
                  <Button onClick={run} disabled={!range[0] || !range[1]} data-testid="matching-run">
                    {t('roster.matching.run')}
                  </Button>
                )}
              </Group>
              {running && (
                <Group gap="xs" data-testid="matching-progress" role="status">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">{t('roster.matching.running', { seconds: elapsed })}</Text>
                </Group>
              )}
              {proposal && (
                <Stack gap="xs" data-testid="matching-proposal">
                  <MatchingSummary proposal={proposal} />
                  <ProposalChoice
                    rows={[
                      ...proposal.assignments.map((a) => ({
                        key: a.item,
                        what: describe(a.item),
                        who: nameOf(a.user),
                        why: matchingReasons(t, a.explanation).join(' · '),
                        selectable: true,
                      })),
                      ...proposal.open.map((o) => ({
                        key: o.item,
                        what: describe(o.item),
                        who: t('roster.openDuty'),
                        why: t(`roster.matching.open.${o.reason}`),
                        selectable: false,
                      })),
                    ]}
                    accepted={accepted}
                    onAcceptedChange={setAccepted}
                    onApply={apply}
                    applying={applying.isPending}
                    applyTestId="matching-apply"
                  />
                </Stack>
              )}
              <ProposalConflicts
                lines={conflicts.map((c) => ({
                  key: `${c.item}-${c.user}`,
                  text: `${describe(c.item)} · ${nameOf(c.user)}: ${errorMessage({ code: c.code as never, message: '' })}`,
                }))}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Modal>
    </>
  );
}
