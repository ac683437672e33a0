import { NOTE_MAX_LENGTH, SICK_PERCENTAGE_STEP } from '@app/contracts';
import { offeredChoices } from '@app/domain';
import { Alert, Button, Chip, Group, Select, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemCalls } from '../api';
import { useRosterView } from '../context';
import { longDayLabel, NO_DUTY_COLOR } from '../format';
import { askConfirm } from '../useItemEdit';
import { SicknessCode } from './SicknessCode';
import type { PanelProps } from './types';

/**
 * Time, shift and removal are blocked while an item has applicants (docs/product/roster.md): delete and recreate
 * instead.
 */
export const hasApplicants = (item: PanelProps['item']) => item.applications.some((a) => a.accepted !== false);

export function ApplicantsBlock() {
  const { t } = useTranslation();
  return (
    <Alert color="violet" variant="light" data-testid="applicants-block">
      <Text size="sm" c="dark.7">
        {t('errors.ERR_APPLICATIONS')}
      </Text>
    </Alert>
  );
}

/** The shifts of the planning; choosing one sets its times. The current shift can be removed. */
export function ShiftPanel({ item, onDone }: PanelProps) {
  const { t } = useTranslation();
  const { data, edit } = useRosterView();
  if (hasApplicants(item)) return <ApplicantsBlock />;
  const shifts = Object.values(data.shifts).filter((s) => !s.trashed);
  const choose = async (id: string) => {
    const shift = data.shifts[id];
    const r = await edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, shift: id, times: shift ? { ...shift.times } : i.times }),
      call: (flags) => itemCalls.setShift(item.id, id, flags),
    });
    if (r.ok) onDone?.();
  };
  const remove = () =>
    void edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, shift: null }),
      call: (flags) => itemCalls.removeShift(item.id, flags),
    });
  return (
    <Stack gap={4} data-testid="toolbox-shift">
      {shifts.map((s) => (
        <UnstyledButton
          key={s.id}
          className="roster-choice"
          data-selected={item.shift === s.id || undefined}
          aria-pressed={item.shift === s.id}
          onClick={() => void choose(s.id)}
          data-testid={`shift-${s.identifier}`}
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
      {item.shift && (
        <Button size="xs" variant="subtle" color="red" onClick={remove} mt={4}>
          {t('roster.shift.remove')}
        </Button>
      )}
    </Stack>
  );
}

/** The duties (not trashed) with their colours: those the assigned person holds and the item's (`offeredChoices`). */
export function DutyPanel({ item, onDone }: PanelProps) {
  const { data, edit } = useRosterView();
  const person = item.user ? data.users[item.user] : undefined;
  const duties = offeredChoices(
    Object.values(data.duties).filter((d) => !d.trashed),
    // A person who holds no duty at all is offered every one (else the tab would be empty).
    person?.duties.length ? person.duties : null,
    [item.duty],
  );
  const choose = async (id: string) => {
    const r = await edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, duty: id }),
      call: () => itemCalls.setDuty(item.id, id),
    });
    if (r.ok) onDone?.();
  };
  return (
    <Stack gap={4} data-testid="toolbox-duty">
      {duties.map((d) => (
        <UnstyledButton
          key={d.id}
          className="roster-choice"
          data-selected={item.duty === d.id || undefined}
          aria-pressed={item.duty === d.id}
          onClick={() => void choose(d.id)}
          data-testid={`duty-${d.identifier}`}
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
  );
}

/** Tags of the item: the assigned person's and those set (`offeredChoices`); each toggle is saved at once. */
export function TagsPanel({ item }: PanelProps) {
  const { data, edit } = useRosterView();
  const person = item.user ? data.users[item.user] : undefined;
  const tags = offeredChoices(Object.values(data.tags), person?.tags ?? null, item.tags);
  const save = (next: string[]) =>
    void edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, tags: next }),
      call: () => itemCalls.setTags(item.id, next),
    });
  return (
    <Chip.Group multiple value={item.tags} onChange={save}>
      <Group gap={6} data-testid="toolbox-tags">
        {tags.map((tag) => (
          <Chip key={tag.id} value={tag.id} size="sm">
            {tag.name}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** Notes (seen by the team) or the internal note (planners only): at most 500 characters; empty clears. */
export function NotePanel({ item, kind }: PanelProps & { kind: 'notes' | 'internal' }) {
  const { t } = useTranslation();
  const { edit } = useRosterView();
  const stored = (kind === 'notes' ? item.notes : item.internal) ?? '';
  const [text, setText] = useState(stored);
  const save = () => {
    const value = text.trim() ? text : null;
    void edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, [kind]: value }),
      call: () => (kind === 'notes' ? itemCalls.setNotes(item.id, value) : itemCalls.setInternal(item.id, value)),
    });
  };
  return (
    <Stack gap="xs" data-testid={`toolbox-${kind}`}>
      <Textarea
        label={t(kind === 'notes' ? 'roster.notes.label' : 'roster.notes.internalLabel')}
        description={t(kind === 'notes' ? 'roster.notes.hint' : 'roster.notes.internalHint')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={NOTE_MAX_LENGTH}
        autosize
        minRows={3}
        maxRows={8}
        data-autofocus
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 's') {
            e.preventDefault();
            save();
          }
        }}
      />
      <Group justify="space-between">
        <Text size="xs" c="gray.7">
          {text.length}/{NOTE_MAX_LENGTH}
        </Text>
        <Group gap="xs">
          {text !== stored && (
            <Button size="xs" variant="default" onClick={() => setText(stored)}>
              {t('common.reset')}
            </Button>
          )}
          <Button size="xs" onClick={save} disabled={text === stored} data-testid={`${kind}-save`}>
            {t('common.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

const PERCENTAGES = Array.from({ length: 100 / SICK_PERCENTAGE_STEP + 1 }, (_, i) => String(100 - i * 5));

/** Sickness on an assigned item: percentage 100 down to 0 in steps of 5 (default 100), an optional cost. */
export function SickPanel({ item }: PanelProps) {
  const { t } = useTranslation();
  const { edit } = useRosterView();
  const [percentage, setPercentage] = useState(String(item.hour?.billable ?? 100));
  const [cost, setCost] = useState(item.hour?.cost != null ? (item.hour.cost / 100).toFixed(2) : '');
  const [code, setCode] = useState<string | null>(item.hour?.code ?? null);
  const save = () =>
    void edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, flag: 'sick' }),
      call: (flags) =>
        itemCalls.setSick(item.id, { percentage: Number(percentage), cost: cost.trim() || null, code }, flags),
    });
  const remove = () =>
    void edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, flag: null, hour: null }),
      call: () => itemCalls.removeSick(item.id),
    });
  return (
    <Stack gap="xs" data-testid="toolbox-sick">
      <Select
        label={t('roster.sick.percentage')}
        data={PERCENTAGES.map((p) => ({ value: p, label: `${p} %` }))}
        value={percentage}
        onChange={(v) => v && setPercentage(v)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        label={t('roster.sick.cost')}
        value={cost}
        onChange={(e) => setCost(e.currentTarget.value)}
        inputMode="decimal"
      />
      <SicknessCode value={code} onChange={setCode} />
      <Group justify="flex-end" gap="xs">
        {item.flag === 'sick' && (
          <Button size="xs" variant="subtle" color="red" onClick={remove}>
            {t('roster.sick.remove')}
          </Button>
        )}
        <Button size="xs" onClick={save} data-testid="sick-save">
          {item.flag === 'sick' ? t('common.save') : t('roster.sick.mark')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Stored conflicts, resolved one at a time; the toolbox closes when none remain. */
export function ConflictsPanel({ item, onDone }: PanelProps) {
  const { t, i18n } = useTranslation();
  const { edit, data, locale } = useRosterView();
  const conflicts = item.conflicts ?? [];
  // The conflict's words name the person and the day (AVAILABILITY: who is not available when).
  const about = {
    user: item.user ? (data.users[item.user]?.name ?? t('roster.hiddenName')) : t('roster.hiddenName'),
    date: longDayLabel(item.date, locale),
  };
  const resolve = async (code: string) => {
    const rest = conflicts.filter((c) => c !== code);
    const r = await edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, conflicts: rest.length ? rest : null }),
      call: () => itemCalls.removeConflict(item.id, code),
    });
    if (r.ok && rest.length === 0) onDone?.();
  };
  return (
    <Stack gap="xs" data-testid="toolbox-conflicts">
      {conflicts.map((code) => (
        <Group key={code} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
            {i18n.exists(`roster.conflicts.${code}`)
              ? t(`roster.conflicts.${code}`, about)
              : t('roster.conflicts.other')}
          </Text>
          <Button
            size="xs"
            variant="light"
            style={{ flexShrink: 0 }}
            onClick={() => void resolve(code)}
            data-testid={`resolve-${code}`}
          >
            {t('roster.conflicts.resolve')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/** A sign-out request: the planner allows it (the duty becomes open) or denies it. */
export function FlagsPanel({ item, onDone }: PanelProps) {
  const { t } = useTranslation();
  const { data, edit } = useRosterView();
  const name = item.user ? (data.users[item.user]?.name ?? t('roster.hiddenName')) : '';
  const decide = async (confirm: boolean) => {
    const r = await edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, flag: null, ...(confirm ? { user: null, assigned: false } : {}) }),
      call: () => itemCalls.decideSignOut(item.id, confirm),
    });
    if (r.ok) onDone?.();
  };
  return (
    <Stack gap="xs" data-testid="toolbox-flags">
      <Text size="sm">{t('roster.flags.signoutRequested', { name })}</Text>
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={() => void decide(false)} data-testid="signout-deny">
          {t('roster.flags.deny')}
        </Button>
        <Button size="xs" color="red" onClick={() => void decide(true)} data-testid="signout-allow">
          {t('roster.flags.allow')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Deleting the item (a tab on touch devices; elsewhere Alt turns the close button into delete). */
export function DeletePanel({ item, onDone }: PanelProps) {
  const { t } = useTranslation();
  const remove = useDeleteItem();
  if (hasApplicants(item)) return <ApplicantsBlock />;
  return (
    <Stack gap="xs" data-testid="toolbox-delete">
      <Text size="sm">{t('roster.delete.text')}</Text>
      <Button
        color="red"
        onClick={() => void remove(item.id, true).then((ok) => ok && onDone?.())}
        data-testid="item-delete"
      >
        {t('roster.delete.action')}
      </Button>
    </Stack>
  );
}

/** Deletes an item, asking first unless told not to; answers whether it is gone. */
export function useDeleteItem() {
  const { t } = useTranslation();
  const { edit } = useRosterView();
  return async (id: string, ask: boolean) => {
    if (ask && !(await askConfirm(t('roster.delete.confirm'), t('roster.delete.action')))) return false;
    const r = await edit.run({ itemId: id, optimistic: () => null, call: (flags) => itemCalls.remove(id, flags) });
    return r.ok;
  };
}
