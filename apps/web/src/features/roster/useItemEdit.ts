import {
  type ErrorBody,
  type ItemChangeResponse,
  type RosterItem,
  type RosterResponse,
  retryHintOf,
} from '@app/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../app/api';
import { errorMessage, handleApiError, messageParams } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import i18n from '../../i18n';
import { confirmAsync } from '../../ui/confirm';
import { itemCalls, type RetryFlags, rosterKeys } from './api';
import { applyItemChange } from './cache';
import { dayLabel } from './format';
import { type UndoStep, undoSteps, withItem } from './model';
import { asksReload, notifyReload } from './refusals';

/** One edit: the call (given the retry flags the user confirmed so far) and, optionally, its optimistic result. */
export interface EditOp {
  /** The item the edit changes, when it exists already. */
  itemId?: string;
  /** The item as it will look, shown at once and rolled back on failure (null: it disappears). */
  optimistic?: (item: RosterItem) => RosterItem | null;
  call: (flags: RetryFlags) => Promise<ItemChangeResponse>;
  /** Rejections that a planner could overrule are only notices here (an employee's own actions). */
  noRetry?: boolean;
  /** Not recorded in the undo history (undoing itself, an employee's own actions). */
  noHistory?: boolean;
}

/** An edit the planner may undo: the item before and after it, and the calls that reverse it. */
export interface HistoryEntry {
  key: number;
  /** The item the edit changed; none for an edit of many items (copying a week), which has a `label`. */
  item?: RosterItem;
  label?: string;
  steps: UndoStep[];
}

const HISTORY_LIMIT = 20;

/** The call of one undo step (with the retry flags the user confirmed). */
function undoCall(step: UndoStep, flags: RetryFlags) {
  switch (step.kind) {
    case 'remove':
      return itemCalls.remove(step.id, { force: true });
    case 'create': {
      const { kind: _kind, notes, ...body } = step;
      return itemCalls.create({ ...body, notes: notes ?? undefined }, flags);
    }
    case 'times':
      return itemCalls.setTimes(step.id, { start: step.start, end: step.end, break: step.break }, flags);
    case 'removeTimes':
      return itemCalls.removeTimes(step.id, flags);
    case 'shift':
      return itemCalls.setShift(step.id, step.shift, flags);
    case 'removeShift':
      return itemCalls.removeShift(step.id, flags);
    case 'duty':
      return itemCalls.setDuty(step.id, step.duty);
    case 'user':
      return itemCalls.setUser(step.id, step.user, flags);
    case 'removeUser':
      return itemCalls.removeUser(step.id, flags);
    case 'tags':
      return itemCalls.setTags(step.id, step.tags);
    case 'notes':
      return itemCalls.setNotes(step.id, step.notes);
    case 'internal':
      return itemCalls.setInternal(step.id, step.internal);
    case 'removeSick':
      return itemCalls.removeSick(step.id);
  }
}

export type EditResult =
  | { ok: true; item: RosterItem | null }
  | { ok: false; close: boolean; code?: string; body?: ErrorBody | null };

/** The wording of a rejection that asks for confirmation, naming the person where the API names one. */
export function confirmText(body: ErrorBody | null | undefined): string {
  const code = body?.code;
  const data = body?.data ?? {};
  // The rest question with the clashing duty and the rest that would remain, where the server names them.
  const detailed = code && typeof data.restHours === 'number' && data.duty ? `roster.confirm.${code}_detail` : '';
  const named = detailed && i18n.exists(detailed) ? detailed : code ? `roster.confirm.${code}` : '';
  if (named && data.user && i18n.exists(named)) {
    return i18n.t(named, {
      user: String(data.user),
      duty: data.duty ? String(data.duty) : i18n.t('roster.noDuty'),
      date: typeof data.date === 'string' ? dayLabel(data.date, i18n.language) : '',
      rest: typeof data.restHours === 'number' ? formatNumber(data.restHours) : '',
      required: typeof data.requiredHours === 'number' ? formatNumber(data.requiredHours) : '',
      // Availability: the days concerned.
      dates: messageParams(body).dates ?? '',
    });
  }
  return errorMessage(body);
}

const formatNumber = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n);

/** Asks the user to confirm a step on the roster; answers whether they did. */
export const askConfirm = (message: string, confirmLabel?: string): Promise<boolean> =>
  confirmAsync({
    title: i18n.t('roster.confirm.title'),
    message,
    confirm: confirmLabel ?? i18n.t('roster.confirm.continue'),
    testId: 'roster-confirm',
  });

/**
 * Runs item edits against the roster in the cache: optimistic, rolled back on failure, and answering every refusal:
 * confirm-and-retry with the flags of the body's retry hint (`retryHintOf`: rest, availability, hours, last content),
 * close (confirmed hours), or a notice (the rest, naming the person where the API does). The answer is merged into
 * the roster (`applyItemChange`); `exact` says the merge may stand without loading the period again (the viewer
 * sees every item's person).
 */
export function useItemEdit(key: QueryKey, exact = false) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const counter = useRef(0);

  const run = useCallback(
    async (op: EditOp, flags: RetryFlags = {}, asked: ReadonlySet<string> = new Set()): Promise<EditResult> => {
      const before = op.itemId
        ? (queryClient.getQueryData<RosterResponse>(key)?.items.find((i) => i.id === op.itemId) ?? null)
        : null;
      let snapshot: RosterResponse | undefined;
      if (op.itemId && op.optimistic) {
        await queryClient.cancelQueries({ queryKey: key });
        snapshot = queryClient.getQueryData<RosterResponse>(key);
        const current = snapshot?.items.find((i) => i.id === op.itemId);
        if (snapshot && current) {
          queryClient.setQueryData<RosterResponse>(key, withItem(snapshot, current.id, op.optimistic(current)));
        }
      }
      setPending((n) => n + 1);
      try {
        const answer = await op.call(flags);
        // The answer into the period in the cache; the period is loaded again only where that is not exact.
        applyItemChange(queryClient, key, op.itemId, answer, exact, before);
        if (!op.noHistory && (before || answer.item)) {
          const steps = undoSteps(before, answer.item);
          const shown = answer.item ?? before;
          if (steps.length && shown) {
            counter.current += 1;
            const entry = { key: counter.current, item: shown, steps };
            setHistory((old) => [entry, ...old].slice(0, HISTORY_LIMIT));
          }
        }
        return { ok: true, item: answer.item };
      } catch (error) {
        if (snapshot) queryClient.setQueryData(key, snapshot);
        if (!isApiError(error)) {
          handleApiError(error);
          return { ok: false, close: false };
        }
        const body = error.body;
        // How to overrule a refusal is the server's word (the retry hint in its body), never derived from the code.
        const hint = retryHintOf(body);
        if (hint && !op.noRetry) {
          const code = body?.code ?? '';
          // A question asked once already (two rules that cannot both be overruled in one call) ends with a notice.
          if (asked.has(code)) {
            notify('warning', errorMessage(body));
            return { ok: false, close: false, code, body };
          }
          if (await askConfirm(confirmText(body))) {
            return run(op, { ...flags, ...hint }, new Set([...asked, code]));
          }
          return { ok: false, close: false, code, body };
        }
        // An item locked by its confirmed hours: nothing to try in this toolbox.
        if (body?.code === 'ERR_CONFIRMED') {
          notify('warning', errorMessage(body));
          return { ok: false, close: true, code: body?.code, body };
        }
        if (error.status === 404) {
          // Someone else removed it: say so and show the roster as it is now.
          notify('warning', errorMessage(body));
          void queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
          return { ok: false, close: true, code: body?.code, body };
        }
        if (asksReload(error)) {
          notifyReload(i18n.t('roster.latency'));
          return { ok: false, close: true, code: body?.code, body };
        }
        if (error.status === 409 || error.status === 400) {
          // An employee's own action is refused in words about themselves.
          const own = op.noRetry && body?.code ? `roster.employee.refused.${body.code}` : '';
          notify('warning', own && i18n.exists(own) ? i18n.t(own) : errorMessage(body));
          return { ok: false, close: false, code: body?.code, body };
        }
        handleApiError(error);
        return { ok: false, close: false, code: body?.code, body };
      } finally {
        setPending((n) => n - 1);
      }
    },
    [queryClient, key, exact],
  );

  /** Undoes the newest edit: its reversing calls one after the other, with the usual confirmations. */
  const undo = useCallback(async () => {
    const [entry] = history;
    if (!entry) return false;
    setHistory((old) => old.filter((e) => e.key !== entry.key));
    for (const step of entry.steps) {
      const id = 'id' in step ? step.id : undefined;
      const result = await run({ itemId: id, call: (flags) => undoCall(step, flags), noHistory: true });
      if (!result.ok) return false;
    }
    return true;
  }, [history, run]);

  /** Records an edit of many items made elsewhere (copying a week): undone by its steps like the others. */
  const record = useCallback((label: string, steps: UndoStep[]) => {
    if (!steps.length) return;
    counter.current += 1;
    const entry = { key: counter.current, label, steps };
    setHistory((old) => [entry, ...old].slice(0, HISTORY_LIMIT));
  }, []);

  const busy = pending > 0;
  return useMemo(() => ({ run, pending: busy, history, undo, record }), [run, busy, history, undo, record]);
}
