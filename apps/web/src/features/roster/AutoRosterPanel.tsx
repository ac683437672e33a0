import { AUTOROSTER_MAX_DAYS, type AutoRosterAssignment, type AutoRosterResponse } from '@app/contracts';
import { addDays, firstOpenDay } from '@app/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { usePickerIds } from '../../ui/usePickerIds';
import { locationsQuery } from '../catalog/api';
import { rosterKeys } from './api';
import { autoRosterCalls } from './autorosterApi';
import { useRosterView } from './context';
import { dayLabel } from './format';
import { ProposalChoice, ProposalConflicts } from './ProposalChoice';
import { refusalAsWarning } from './refusals';

const SECONDS = [5, 10, 30, 60];
const keyOf = (a: Pick<AutoRosterAssignment, 'user' | 'date' | 'shiftId' | 'location'>) =>
  `${a.user}|${a.date}|${a.location}|${a.shiftId}`;
const hours = (minutes: number) => Math.round(minutes / 6) / 10;

/** Tenths of the solve's time limit passed, while it runs. */
function useProgress(running: boolean, seconds: number) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    setElapsed(0);
    const started = performance.now();
    const timer = setInterval(() => setElapsed((performance.now() - started) / 1000), 250);
    return () => clearInterval(timer);
  }, [running]);
  return { elapsed: Math.floor(elapsed), percent: Math.min(100, (100 * elapsed) / seconds) };
}

/**
 * Auto-roster (docs/product/autoroster.md): pick the range and plannings, run it with progress and cancel, see the
 * proposal with its penalty broken down, each person's hours against their contract and why everyone is where they
 * are, then apply all or part through the roster's normal rules.
 */
export function AutoRosterPanel({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  const queryClient = useQueryClient();
  const { data, location, locale, today, weekStartsOn } = useRosterView();
  const plannings = useQuery(locationsQuery);
  const firstOpen = firstOpenDay(data.locations[location]?.releasedUntil ?? null, today);
  // Two weeks from the period on screen (or the first day that may still be planned).
  const start = data.periods.from > firstOpen ? data.periods.from : firstOpen;
  const [range, setRange] = useState<[string | null, string | null]>([start, addDays(start, 13)]);
  const [locations, setLocations] = useState<string[]>([location]);
  const [allowMoves, setAllowMoves] = useState(false);
  const [seconds, setSeconds] = useState(10);
  const [proposal, setProposal] = useState<AutoRosterResponse | null>(null);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [conflicts, setConflicts] = useState<{ date: string; user: string | null; code: string }[]>([]);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // The API's 422 names the range (too long) or the plannings (no staffing needs, too many people): shown at them.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const proposing = useMutation({
    ...refusalAsWarning,
    meta: {
      ...refusalAsWarning.meta,
      form: {
        setFieldError: (path: string, error: unknown) => setFieldErrors((old) => ({ ...old, [path]: String(error) })),
      },
    },
    // A cancelled run is no failure: it answers null.
    mutationFn: async (body: { from: string; until: string }) => {
      const controller = new AbortController();
      abort.current = controller;
      try {
        return await autoRosterCalls.propose({ ...body, locations, allowMoves, seconds }, controller.signal);
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
      setFieldErrors({});
    },
    onSuccess: (answer) => {
      if (!answer) return notify('info', t('roster.autoroster.cancelled'));
      setProposal(answer);
      setAccepted(new Set(answer.assignments.filter((a) => a.kind !== 'keep').map(keyOf)));
    },
  });
  const progress = useProgress(proposing.isPending, seconds);
  const run = () => {
    const [from, until] = range;
    if (from && until) proposing.mutate({ from, until });
  };

  const changes = proposal?.assignments.filter((a) => a.kind !== 'keep') ?? [];
  const applying = useMutation({
    ...refusalAsWarning,
    mutationFn: () => {
      const chosen = changes.filter((a) => accepted.has(keyOf(a)));
      const moved = new Set(chosen.filter((a) => a.kind === 'move').map((a) => a.item));
      const movedAnywhere = new Set(changes.filter((a) => a.kind === 'move').map((a) => a.item));
      return autoRosterCalls.apply({
        assignments: chosen.map(({ location: l, date, shiftId, dutyId, user, item }) => ({
          location: l,
          date,
          shiftId,
          dutyId,
          user,
          item,
        })),
        // A duty taken from someone goes with its move; one nobody takes over is given up with the whole proposal.
        unassign: (proposal?.unassign ?? [])
          .filter((u) => moved.has(u.item) || (!movedAnywhere.has(u.item) && chosen.length === changes.length))
          .map((u) => ({ item: u.item })),
      });
    },
    onSuccess: (answer) => {
      notify('success', t('roster.autoroster.applied', { count: answer.applied }));
      setConflicts(answer.conflicts);
      setProposal(null);
      void queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
      if (answer.conflicts.length === 0) onApplied();
    },
  });

  const nameOf = (id: string | null) => (id && data.users[id]?.name) || t('roster.hiddenName');
  const shiftLabel = (a: { shiftId: string; dutyId: string | null }) =>
    [data.shifts[a.shiftId]?.identifier ?? '—', a.dutyId ? data.duties[a.dutyId]?.name : null]
      .filter(Boolean)
      .join(' · ');

  return (
    <Stack gap="sm" data-testid="autoroster">
      <Text size="sm">{t('roster.autoroster.intro')}</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DatePickerInput
          id={picker.id}
          type="range"
          label={t('roster.autoroster.range')}
          value={range}
          onChange={setRange}
          minDate={firstOpen}
          maxDate={range[0] && !range[1] ? addDays(range[0], AUTOROSTER_MAX_DAYS - 1) : undefined}
          locale={locale}
          firstDayOfWeek={weekStartsOn === 'sunday' ? 0 : 1}
          withWeekNumbers
          ariaLabels={calendarAriaLabels(t)}
          popoverProps={{ id: picker.popoverId, classNames: { dropdown: 'roster-release' } }}
          valueFormat="DD.MM.YYYY"
          w={240}
          error={fieldErrors.until ?? fieldErrors.from}
          data-testid="autoroster-range"
        />
        <MultiSelect
          label={t('roster.autoroster.plannings')}
          data={(plannings.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={locations}
          onChange={(v) => setLocations(v.length ? v : [location])}
          w={260}
          error={fieldErrors.locations}
          data-testid="autoroster-plannings"
        />
        <Select
          label={t('roster.autoroster.seconds')}
          allowDeselect={false}
          data={SECONDS.map((s) => ({ value: String(s), label: t('roster.autoroster.secondsValue', { count: s }) }))}
          value={String(seconds)}
          onChange={(v) => setSeconds(Number(v ?? 10))}
          w={140}
        />
      </Group>
      <Switch
        label={t('roster.autoroster.allowMoves')}
        description={t('roster.autoroster.allowMovesHint')}
        checked={allowMoves}
        onChange={(e) => setAllowMoves(e.currentTarget.checked)}
      />
      <Group gap="sm">
        {proposing.isPending ? (
          <Button variant="default" onClick={() => abort.current?.abort()} data-testid="autoroster-cancel">
            {t('common.cancel')}
          </Button>
        ) : (
          <Button onClick={run} disabled={!range[0] || !range[1]} data-testid="autoroster-run">
            {t('roster.autoroster.run')}
          </Button>
        )}
      </Group>
      {proposing.isPending && (
        <Stack gap={4} role="status" data-testid="autoroster-progress">
          <Progress value={progress.percent} animated aria-label={t('roster.autoroster.progress')} />
          <Text size="sm">{t('roster.autoroster.running', { seconds: progress.elapsed, limit: seconds })}</Text>
        </Stack>
      )}
      {proposal && (
        <Stack gap="xs" data-testid="autoroster-proposal">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t('roster.autoroster.penalty', { total: proposal.penalty.total })}
            </Text>
            <Badge variant="dot" color={proposal.penalty.open ? 'red' : 'teal'}>
              {t('roster.autoroster.parts.open', { value: proposal.penalty.open })}
            </Badge>
            <Badge variant="dot" color={proposal.penalty.over ? 'orange' : 'teal'}>
              {t('roster.autoroster.parts.over', { value: proposal.penalty.over })}
            </Badge>
            <Badge variant="dot" color={proposal.penalty.wishes ? 'yellow' : 'teal'}>
              {t('roster.autoroster.parts.wishes', { value: proposal.penalty.wishes })}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`roster.autoroster.status.${proposal.status}`, { seconds: proposal.seconds })}
            {proposal.relaxedMinimum ? ` ${t('roster.autoroster.relaxed')}` : ''}
          </Text>
          {proposal.cover.length > 0 && (
            <Alert
              color="orange"
              variant="light"
              title={t('roster.autoroster.coverTitle')}
              styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
            >
              <Stack gap={2}>
                {proposal.cover.map((c) => (
                  <Text key={`${c.date}-${c.location}-${c.shiftId}-${c.dutyId}`} size="sm" c="dark.7">
                    {dayLabel(c.date, locale)} · {shiftLabel(c)}:{' '}
                    {t('roster.autoroster.coverLine', { planned: c.planned, wanted: c.wanted })}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <ScrollArea.Autosize mah={200} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table striped withTableBorder fz="sm" data-testid="autoroster-people">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('roster.autoroster.person')}</Table.Th>
                  <Table.Th>{t('roster.autoroster.hours')}</Table.Th>
                  <Table.Th>{t('roster.autoroster.wishes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {proposal.people
                  .filter((p) => p.shifts > 0 || p.wishesMissed > 0)
                  .map((p) => (
                    <Table.Tr key={p.user}>
                      <Table.Td>{nameOf(p.user)}</Table.Td>
                      <Table.Td>
                        {p.contractMinutes === null
                          ? t('roster.autoroster.hoursFree', { hours: hours(p.minutes) })
                          : t('roster.autoroster.hoursOf', {
                              hours: hours(p.minutes),
                              contract: hours(p.contractMinutes),
                            })}
                      </Table.Td>
                      <Table.Td>
                        {t('roster.autoroster.wishesLine', { met: p.wishesMet, missed: p.wishesMissed })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <ProposalChoice
            rows={proposal.assignments.map((a) => ({
              key: keyOf(a),
              what: `${dayLabel(a.date, locale)} · ${shiftLabel(a)}`,
              who: nameOf(a.user),
              why: [
                t(`roster.autoroster.kinds.${a.kind}`),
                ...a.reasons.filter((r) => r !== 'kept').map((r) => t(`roster.autoroster.reasons.${r}`)),
                t('roster.autoroster.alternatives', { count: a.alternatives }),
              ].join(' · '),
              selectable: a.kind !== 'keep',
            }))}
            accepted={accepted}
            onAcceptedChange={setAccepted}
            onApply={() => applying.mutate()}
            applying={applying.isPending}
            tableTestId="autoroster-assignments"
            applyTestId="autoroster-apply"
          />
        </Stack>
      )}
      <ProposalConflicts
        lines={conflicts.map((c) => ({
          key: `${c.date}-${c.user}-${c.code}`,
          text: `${c.date ? dayLabel(c.date, locale) : ''} · ${nameOf(c.user)}: ${errorMessage({ code: c.code as never, message: '' })}`,
        }))}
      />
    </Stack>
  );
}
