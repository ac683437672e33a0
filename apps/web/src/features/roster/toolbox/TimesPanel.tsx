import { BREAK_OPTIONS, type RosterItem } from '@app/contracts';
import { defaultBreak, parseHHmm, spanOfTimes } from '@app/domain';
import { Button, Chip, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { itemCalls } from '../api';
import { useRosterView } from '../context';
import { currentTimeRounded, pickedTime } from '../model';
import { ApplicantsBlock, hasApplicants } from './panels';
import { TypedTimes } from './TypedTimes';
import type { PanelProps } from './types';

/** The times a save sends: start, end and break. */
export interface TimesInput {
  start: string;
  end: string;
  break: number;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = [0, 15, 30, 45];

interface Picked {
  hour: number | null;
  minute: number | null;
}

const fromHHmm = (value: string | undefined): Picked => {
  const m = value ? parseHHmm(value) : null;
  return m === null ? { hour: null, minute: null } : { hour: Math.floor(m / 60), minute: m % 60 };
};

/**
 * The times tab: typed times ("10-18:30") beside hours 0–23, minutes 00/15/30/45 and the break row. Entry on the
 * grid runs in two steps: save the start, then the end; the times are saved once both are set. A double click on an
 * hour or minute saves that step. The break starts from the shift's or the account's break rule (`defaultBreak`) until
 * the planner picks one. A new duty's draft passes `save` (it creates the item); otherwise the item's times are set.
 */
export function TimesPanel({
  item,
  onDone,
  save: saveDraft,
  saveLabel,
}: PanelProps & { item: RosterItem; save?: (times: TimesInput) => Promise<boolean>; saveLabel?: string }) {
  const { t } = useTranslation();
  const { edit, data } = useRosterView();
  const rule = useSession().account.settings;
  const [step, setStep] = useState<'from' | 'until'>('from');
  const [from, setFrom] = useState<Picked>(() => fromHHmm(item.times?.from));
  const [until, setUntil] = useState<Picked>(() => fromHHmm(item.times?.until));
  const shiftBreak = item.shift ? data.shifts[item.shift]?.times.break : null;
  const [pause, setPause] = useState<number>(item.times?.break ?? shiftBreak ?? 0);
  const [breakChosen, setBreakChosen] = useState(Boolean(item.times));
  const current = step === 'from' ? from : until;
  const setCurrent = step === 'from' ? setFrom : setUntil;
  const fromText = pickedTime(from.hour, from.minute);
  const untilText = pickedTime(until.hour, until.minute);
  const breakFor = (start: string | null, end: string | null) =>
    breakChosen || !start || !end || start === end ? pause : defaultBreak(spanOfTimes(start, end), shiftBreak, rule);
  const shownBreak = breakFor(fromText, untilText);

  const saveTimes = async (start: string, end: string) => {
    const times = { start, end, break: breakFor(start, end) };
    if (saveDraft) {
      if (await saveDraft(times)) onDone?.();
      return;
    }
    const result = await edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, times: { from: start, until: end, break: times.break } }),
      call: (flags) => itemCalls.setTimes(item.id, times, flags),
    });
    // On failure everything entered stays as it was.
    if (result.ok) onDone?.();
  };

  const typed = (start: string, end: string) => {
    setFrom(fromHHmm(start));
    setUntil(fromHHmm(end));
    setStep('until');
    void saveTimes(start, end);
  };

  /** Save: the start moves on to the end; saving the end saves the times once both are set. Nothing chosen is ignored. */
  const save = (picked: Picked = current) => {
    const value = pickedTime(picked.hour, picked.minute);
    if (!value) return;
    const settled = { hour: picked.hour ?? 8, minute: picked.minute ?? 0 };
    if (step === 'from') {
      setFrom(settled);
      setStep('until');
      return;
    }
    setUntil(settled);
    if (fromText) void saveTimes(fromText, value);
    else setStep('from');
  };

  const remove = () =>
    void edit
      .run({
        itemId: item.id,
        optimistic: (i) => ({ ...i, times: null, shift: null }),
        call: (flags) => itemCalls.removeTimes(item.id, flags),
      })
      .then((r) => {
        if (r.ok) {
          setFrom({ hour: null, minute: null });
          setUntil({ hour: null, minute: null });
          if (!r.item) onDone?.();
        }
      });

  const now = () => {
    const { hour, minute } = currentTimeRounded(new Date());
    setCurrent({ hour, minute });
  };

  if (hasApplicants(item)) return <ApplicantsBlock />;
  return (
    <Stack gap="xs" data-testid="toolbox-times">
      <TypedTimes
        id={`typed-${item.id}`}
        initial={item.times ? `${item.times.from}-${item.times.until}` : undefined}
        onTimes={typed}
        busy={edit.pending}
        autoFocus={Boolean(saveDraft)}
      />
      <Group grow gap="xs">
        <Button
          variant={step === 'from' ? 'filled' : 'default'}
          onClick={() => setStep('from')}
          aria-pressed={step === 'from'}
          data-testid="times-from"
        >
          {t('roster.times.from')}: {fromText ?? '--:--'}
        </Button>
        <Button
          variant={step === 'until' ? 'filled' : 'default'}
          onClick={() => setStep('until')}
          aria-pressed={step === 'until'}
          data-testid="times-until"
        >
          {t('roster.times.until')}: {untilText ?? '--:--'}
        </Button>
      </Group>
      <Text size="xs" c="gray.7" id={`hours-${item.id}`}>
        {t('roster.times.hours')}
      </Text>
      <SimpleGrid cols={8} spacing={4} role="group" aria-labelledby={`hours-${item.id}`}>
        {HOURS.map((h) => (
          <UnstyledButton
            key={h}
            className="roster-pick"
            data-selected={current.hour === h || undefined}
            aria-pressed={current.hour === h}
            aria-label={t('roster.times.hourLabel', { hour: String(h).padStart(2, '0') })}
            data-testid={`hour-${h}`}
            onClick={() => setCurrent({ hour: h, minute: current.minute ?? 0 })}
            onDoubleClick={() => save({ hour: h, minute: current.minute ?? 0 })}
          >
            {String(h).padStart(2, '0')}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text size="xs" c="gray.7" id={`minutes-${item.id}`}>
        {t('roster.times.minutes')}
      </Text>
      <SimpleGrid cols={4} spacing={4} role="group" aria-labelledby={`minutes-${item.id}`}>
        {MINUTES.map((m) => (
          <UnstyledButton
            key={m}
            className="roster-pick"
            data-selected={current.minute === m || undefined}
            aria-pressed={current.minute === m}
            aria-label={t('roster.times.minuteLabel', { minute: String(m).padStart(2, '0') })}
            data-testid={`minute-${m}`}
            onClick={() => setCurrent({ hour: current.hour ?? 8, minute: m })}
            onDoubleClick={() => save({ hour: current.hour ?? 8, minute: m })}
          >
            :{String(m).padStart(2, '0')}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text size="xs" c="gray.7" id={`break-${item.id}`}>
        {t('roster.times.break')}
      </Text>
      <Chip.Group
        value={String(shownBreak)}
        onChange={(v) => {
          setPause(Number(v));
          setBreakChosen(true);
        }}
      >
        <Group gap={4} role="radiogroup" aria-labelledby={`break-${item.id}`}>
          {BREAK_OPTIONS.map((b) => (
            <Chip key={b} value={String(b)} size="xs" data-testid={`break-${b}`}>
              {b}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group justify="space-between" gap="xs" mt={4} className="roster-toolbox-actions">
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={now}>
            {t('roster.times.now')}
          </Button>
          {item.times && (
            <Button size="xs" variant="subtle" color="red" onClick={remove} data-testid="times-remove">
              {t('roster.times.remove')}
            </Button>
          )}
        </Group>
        <Button size="xs" onClick={() => save()} loading={edit.pending} data-testid="times-save">
          {step === 'from' ? t('roster.times.next') : (saveLabel ?? t('common.save'))}
        </Button>
      </Group>
    </Stack>
  );
}
