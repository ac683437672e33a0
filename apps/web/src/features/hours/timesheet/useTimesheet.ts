import {
  type HoursLine,
  PAGED_TIMESHEET_TABS,
  type Signature,
  TIMESHEET_TABS,
  type TimesheetQueryInput,
  type TimesheetTab,
} from '@app/contracts';
import { addDays, openingTimesheetTab, todayIn, weekStart } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notify } from '../../../app/notify';
import { onRealtime } from '../../../app/realtime';
import { serverNow } from '../../../app/serverClock';
import { useSession } from '../../../app/session';
import { useIsDesktop } from '../../../app/viewport';
import { HOURS_PAGE_SIZE } from '../ApproveTable';
import {
  approveHours,
  bulkApprove,
  bulkDeny,
  confirmItems,
  deleteHours,
  denyHours,
  hoursKeys,
  optionsQuery,
  registerHours,
  reopenHours,
  setBilled,
  sheetQuery,
  signHours,
} from '../api';
import type { FormTarget } from '../HoursForm';
import type { CardActions } from './HoursCard';

export const RANGES = ['recent', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type Range = (typeof RANGES)[number];

function rangeOf(range: Range, today: string, startsOn: 'monday' | 'sunday') {
  const week = weekStart(today, startsOn);
  const month = `${today.slice(0, 8)}01`;
  switch (range) {
    case 'recent':
      return { from: addDays(today, -34), until: today };
    case 'thisWeek':
      return { from: week, until: addDays(week, 6) };
    case 'lastWeek':
      return { from: addDays(week, -7), until: addDays(week, -1) };
    case 'thisMonth':
      return { from: month, until: addDays(`${addMonth(month)}`, -1) };
    case 'lastMonth': {
      const last = `${addDays(month, -1).slice(0, 8)}01`;
      return { from: last, until: addDays(month, -1) };
    }
  }
}
const addMonth = (first: string) => {
  const [y, m] = first.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Two timesheet queries read the same list, maybe at other pages. */
const sameList = (a: TimesheetQueryInput, b: TimesheetQueryInput) =>
  a.tab === b.tab && a.from === b.from && a.until === b.until && a.location === b.location;

/** Tabs where lines are chosen for a bulk action. */
const BULK_TABS: readonly TimesheetTab[] = ['approve', 'confirm'];

/**
 * The timesheet's state: the tab, period and planning shown, its lines (a page at a time where the list grows with
 * the past), the lines chosen, the dialogs open, and the writes with what each line's buttons do.
 */
export function useTimesheet() {
  const { t } = useTranslation();
  const params = useParams();
  const init = useSession();
  const queryClient = useQueryClient();
  const options = useQuery(optionsQuery);
  const settings = init.account.settings;
  // The server's today, not the device's: a device whose clock is off still lists the server's days.
  const today = todayIn(settings.timeZone, serverNow());

  const tabs = options.data?.tabs ?? [];
  const requested = TIMESHEET_TABS.find((x) => x === params.page);
  const tab: TimesheetTab | undefined = requested && tabs.includes(requested) ? requested : openingTimesheetTab(tabs);
  const [range, setRange] = useState<Range>('recent');
  const [location, setLocation] = useState<string | null>(null);
  const span = rangeOf(range, today, settings.weekStartsOn);
  const [page, setPage] = useState(1);
  // The tabs that grow with the past (approved, unsigned) are read from the server a page at a time.
  const paged = tab !== undefined && PAGED_TIMESHEET_TABS.includes(tab);
  const query = { tab: tab ?? 'register', ...span, ...(location ? { location } : {}), ...(paged ? { page } : {}) };
  // Between pages of one list the page shown stays while the next one loads; another tab, period or planning
  // starts with the skeleton (its lines are another list).
  const sheet = useQuery({
    ...sheetQuery(query),
    enabled: Boolean(tab),
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameList(previousQuery.queryKey[2], query) ? previous : undefined,
  });

  const [form, setForm] = useState<FormTarget | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [denying, setDenying] = useState<string[] | null>(null);
  const [signing, setSigning] = useState<{ ids: string[]; mode: 'approve' | 'sign' | 'confirm' } | null>(null);
  const desktop = useIsDesktop();

  // A new tab, period or planning starts with nothing chosen.
  const view = `${tab}|${range}|${location}`;
  const [seenView, setSeenView] = useState(view);
  if (view !== seenView) {
    setSeenView(view);
    setSelected(new Set());
    setPage(1);
  }
  useEffect(() => {
    const stop = onRealtime('HoursUpdated', () => void queryClient.invalidateQueries({ queryKey: hoursKeys.all }));
    return stop;
  }, [queryClient]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: hoursKeys.all });
  const done = (message: string) => {
    notify('success', message);
    setSelected(new Set());
    setDenying(null);
    setSigning(null);
    void refresh();
  };

  const approve = useMutation({
    mutationFn: async (input: { ids: string[]; signature?: Signature }) =>
      input.ids.length === 1
        ? await approveHours(input.ids[0], { signature: input.signature ?? null }).then(() => 1)
        : bulkApprove({ ids: input.ids, signature: input.signature ?? null }),
    onSuccess: (count) => done(t('hours.done.approved', { count })),
  });
  const approveShown = useMutation({
    mutationFn: () => bulkApprove({ from: span.from, until: span.until, ...(location ? { location } : {}) }),
    onSuccess: (count) => done(t('hours.done.approved', { count })),
  });
  const deny = useMutation({
    mutationFn: async (input: { ids: string[]; message: string }) =>
      input.ids.length === 1
        ? await denyHours(input.ids[0], input.message).then(() => 1)
        : bulkDeny(input.ids, input.message),
    onSuccess: (count) => done(t('hours.done.denied', { count })),
  });
  const sign = useMutation({
    mutationFn: async (input: { ids: string[]; signature: Signature }) => {
      for (const id of input.ids) await signHours(id, input.signature);
      return input.ids.length;
    },
    onSuccess: (count) => done(t('hours.done.signed', { count })),
  });
  const confirm = useMutation({
    mutationFn: (input: { items: string[]; signature?: Signature }) =>
      confirmItems({ items: input.items, signature: input.signature ?? null }),
    onSuccess: (count) => done(t('hours.done.confirmed', { count })),
  });
  const asPlanned = useMutation({
    mutationFn: (line: HoursLine) =>
      registerHours({
        item: line.item ?? undefined,
        from: line.planned?.from ?? '',
        until: line.planned?.until ?? '',
        break: line.planned?.break ?? 0,
      }),
    onSuccess: () => done(t('hours.done.registered')),
  });
  const remove = useMutation({ mutationFn: deleteHours, onSuccess: () => done(t('hours.done.deleted')) });
  const reopen = useMutation({ mutationFn: reopenHours, onSuccess: () => done(t('hours.done.reopened')) });
  const billed = useMutation({
    mutationFn: (input: { id: string; billed: boolean }) => setBilled(input.id, input.billed),
    onSuccess: () => void refresh(),
  });

  const o = options.data;
  const signatureRequired = o?.settings.signatureRequired ?? false;
  const lines = sheet.data?.lines ?? [];
  const bulk = tab !== undefined && BULK_TABS.includes(tab) && Boolean(o?.may.supervise);
  const keyOf = (l: HoursLine) => (tab === 'confirm' ? (l.item as string) : (l.id as string));
  const chosen = lines.filter((l) => selected.has(keyOf(l))).map(keyOf);
  // The approve tab: a dense table at desktop width (all lines), cards a page at a time on a phone.
  const tableView = tab === 'approve' && desktop;
  const paging = sheet.data?.paging;
  const serverPages = paged && paging ? Math.max(1, Math.ceil(paging.total / paging.size)) : 1;
  const pages = paged
    ? serverPages
    : tab === 'approve' && !desktop
      ? Math.max(1, Math.ceil(lines.length / HOURS_PAGE_SIZE))
      : 1;
  // Lines went away (approved elsewhere, reopened): the last page that still has lines.
  if (paged && paging && page > serverPages) setPage(serverPages);
  const shown =
    !paged && pages > 1
      ? lines.slice((Math.min(page, pages) - 1) * HOURS_PAGE_SIZE, Math.min(page, pages) * HOURS_PAGE_SIZE)
      : lines;
  const firstShown = paged && paging ? (paging.page - 1) * paging.size + 1 : 1;
  const select = (line: HoursLine, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(keyOf(line));
      else next.delete(keyOf(line));
      return next;
    });

  const approveIds = (ids: string[]) =>
    signatureRequired ? setSigning({ ids, mode: 'approve' }) : approve.mutate({ ids });
  const confirmIds = (ids: string[]) =>
    signatureRequired ? setSigning({ ids, mode: 'confirm' }) : confirm.mutate({ items: ids });
  const actionsOf = (line: HoursLine): CardActions => ({
    register: () => setForm({ kind: 'item', line }),
    asPlanned: () => asPlanned.mutate(line),
    edit: () => setForm({ kind: 'edit', line }),
    remove: () => line.id && remove.mutate(line.id),
    approve: () => line.id && approveIds([line.id]),
    approveSigned: () => line.id && setSigning({ ids: [line.id], mode: 'approve' }),
    deny: () => line.id && setDenying([line.id]),
    reopen: () => line.id && reopen.mutate(line.id),
    sign: () => line.id && setSigning({ ids: [line.id], mode: 'sign' }),
    confirm: () => line.item && confirmIds([line.item]),
    billed: (on) => line.id && billed.mutate({ id: line.id, billed: on }),
  });
  return {
    today,
    tabs,
    tab,
    range,
    setRange,
    location,
    setLocation,
    page,
    setPage,
    paged,
    sheet,
    form,
    setForm,
    selected,
    setSelected,
    denying,
    setDenying,
    signing,
    setSigning,
    approve,
    approveShown,
    deny,
    sign,
    confirm,
    o,
    signatureRequired,
    lines,
    bulk,
    keyOf,
    chosen,
    tableView,
    paging,
    pages,
    shown,
    firstShown,
    select,
    approveIds,
    confirmIds,
    actionsOf,
    options,
    init,
  };
}

export type TimesheetState = ReturnType<typeof useTimesheet>;
