import '@mantine/dates/styles.css';
import {
  type HoursLine,
  PAGED_TIMESHEET_TABS,
  type Signature,
  TIMESHEET_PAGE_SIZE,
  TIMESHEET_TABS,
  type TimesheetQueryInput,
  type TimesheetTab,
} from '@app/contracts';
import { addDays, openingTimesheetTab, todayIn, weekStart } from '@app/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck, IconClockPlus, IconDots, IconPencil, IconSignature, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notify } from '../../app/notify';
import { onRealtime } from '../../app/realtime';
import { useSession } from '../../app/session';
import { useLang, usePathTo } from '../../app/useLang';
import { useIsDesktop } from '../../app/viewport';
import { PageTitle } from '../../ui/PageTitle';
import { ApproveTable, HOURS_PAGE_SIZE } from './ApproveTable';
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
} from './api';
import { DenyDialog, SignDialog } from './Decisions';
import { formatEuro, formatMinutes } from './format';
import { type FormTarget, HoursForm } from './HoursForm';
import './hours.css';

const RANGES = ['recent', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
type Range = (typeof RANGES)[number];

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

const STATUS_COLOR: Record<string, string> = { open: 'gray', pending: 'yellow', approved: 'green', denied: 'red' };
/** Two timesheet queries read the same list, maybe at other pages. */
const sameList = (a: TimesheetQueryInput, b: TimesheetQueryInput) =>
  a.tab === b.tab && a.from === b.from && a.until === b.until && a.location === b.location;

/** Tabs where lines are chosen for a bulk action. */
const BULK_TABS: readonly TimesheetTab[] = ['approve', 'confirm'];

/**
 * The timesheet (`timesheet`, `timesheet/{page}`; docs/product/hours.md): to be registered, pending, to be approved,
 * approved, to confirm, unsigned. Members register their planned items' hours and unplanned ones; supervisors
 * approve, deny with a message, edit, confirm planned items and sign, one at a time or many. A list on every
 * screen, so it reads the same at 375 px.
 */
export default function TimesheetPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const pathTo = usePathTo();
  const params = useParams();
  const init = useSession();
  const queryClient = useQueryClient();
  const options = useQuery(optionsQuery);
  const settings = init.account.settings;
  const today = todayIn(settings.timeZone);

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

  if (options.isError)
    return (
      <Alert color="red" title={t('hours.loadFailed')}>
        <Button mt="sm" variant="light" onClick={() => options.refetch()}>
          {t('hours.retry')}
        </Button>
      </Alert>
    );

  return (
    <div className="hours-page" data-testid="timesheet-page">
      <PageTitle
        title={t('hours.title')}
        subtitle={t('hours.subtitle')}
        right={
          o && (o.may.unplanned || o.may.others) ? (
            <Button
              leftSection={<IconClockPlus size={18} />}
              onClick={() => setForm({ kind: 'unplanned', date: today })}
              data-testid="hours-unplanned"
            >
              {t('hours.unplanned')}
            </Button>
          ) : undefined
        }
      />
      {!o ? (
        <Stack>
          <Skeleton h={36} />
          <Skeleton h={96} />
          <Skeleton h={96} />
        </Stack>
      ) : tabs.length === 0 ? (
        <Alert color="gray">{t('hours.noAccess')}</Alert>
      ) : (
        <Stack gap="md">
          <nav aria-label={t('hours.tabsLabel')}>
            <Group gap={6} className="hours-tabs">
              {tabs.map((key) => (
                <Button
                  key={key}
                  component={Link}
                  to={pathTo('timesheet', { page: key })}
                  variant={key === tab ? 'filled' : 'light'}
                  size="sm"
                  radius="xl"
                  aria-current={key === tab ? 'page' : undefined}
                  data-testid={`tab-${key}`}
                  rightSection={
                    sheet.data?.counts[key] ? (
                      <Badge size="sm" variant={key === tab ? 'white' : 'filled'} circle={false}>
                        {sheet.data.counts[key]}
                      </Badge>
                    ) : undefined
                  }
                >
                  {t(`hours.tabs.${key}`)}
                </Button>
              ))}
            </Group>
          </nav>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label={t('hours.range.label')}
              data={RANGES.map((r) => ({ value: r, label: t(`hours.range.${r}`) }))}
              value={range}
              onChange={(v) => v && setRange(v as Range)}
              allowDeselect={false}
              w={200}
            />
            {(o.may.supervise || o.may.bill) && o.locations.length > 1 && (
              <Select
                label={t('hours.form.location')}
                placeholder={t('hours.allLocations')}
                data={o.locations.map((l) => ({ value: l.id, label: l.name }))}
                value={location}
                onChange={setLocation}
                clearable
                w={220}
              />
            )}
          </Group>
          {bulk && lines.length > 0 && (
            <Paper withBorder p="sm" className="hours-bulk" data-testid="hours-bulk">
              <Group justify="space-between" gap="xs">
                <Checkbox
                  label={t('hours.bulk.selectAll', { count: lines.length })}
                  checked={chosen.length === lines.length}
                  indeterminate={chosen.length > 0 && chosen.length < lines.length}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(lines.map(keyOf)) : new Set())}
                />
                <Group gap="xs">
                  {tab === 'approve' && (
                    <>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        disabled={!chosen.length}
                        onClick={() => setDenying(chosen)}
                      >
                        {t('hours.bulk.deny', { count: chosen.length })}
                      </Button>
                      <Button
                        size="xs"
                        disabled={!chosen.length}
                        loading={approve.isPending}
                        onClick={() => approveIds(chosen)}
                      >
                        {t('hours.bulk.approve', { count: chosen.length })}
                      </Button>
                      {!signatureRequired && (
                        <Button
                          size="xs"
                          variant="outline"
                          loading={approveShown.isPending}
                          onClick={() => approveShown.mutate()}
                        >
                          {t('hours.bulk.approveRange')}
                        </Button>
                      )}
                    </>
                  )}
                  {tab === 'confirm' && (
                    <Button
                      size="xs"
                      disabled={!chosen.length}
                      loading={confirm.isPending}
                      onClick={() => confirmIds(chosen)}
                    >
                      {t('hours.bulk.confirm', { count: chosen.length })}
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
          )}
          {sheet.isPending ? (
            <Stack>
              <Skeleton h={96} />
              <Skeleton h={96} />
            </Stack>
          ) : sheet.isError ? (
            <Alert color="red" title={t('hours.loadFailed')}>
              <Button mt="sm" variant="light" onClick={() => sheet.refetch()}>
                {t('hours.retry')}
              </Button>
            </Alert>
          ) : lines.length === 0 ? (
            <Paper withBorder p="xl" data-testid="hours-empty">
              <Stack align="center" gap="xs">
                <ThemeIcon size={48} radius="xl" variant="light">
                  <IconCheck size={26} />
                </ThemeIcon>
                <Text fw={600}>{t(`hours.empty.${tab}`)}</Text>
              </Stack>
            </Paper>
          ) : (
            <>
              {tableView ? (
                <ApproveTable
                  lines={shown}
                  lang={lang}
                  selectable={bulk}
                  isSelected={(line) => selected.has(keyOf(line))}
                  onSelect={(line, on) => select(line, on)}
                  actionsOf={(line) => actionsOf(line)}
                />
              ) : (
                <ul className="hours-list" data-testid="hours-list">
                  {shown.map((line) => (
                    <HoursCard
                      key={line.id ?? `item-${line.item}`}
                      line={line}
                      tab={tab as TimesheetTab}
                      lang={lang}
                      me={init.membership.id}
                      selectable={bulk}
                      selected={selected.has(keyOf(line))}
                      onSelect={(on) => select(line, on)}
                      actions={actionsOf(line)}
                    />
                  ))}
                </ul>
              )}
              {paged && paging && paging.total > TIMESHEET_PAGE_SIZE && (
                <Text size="sm" c="dimmed" ta="center" data-testid="hours-page-summary">
                  {t('hours.pageSummary', {
                    from: firstShown,
                    until: firstShown + lines.length - 1,
                    total: paging.total,
                  })}
                </Text>
              )}
              {pages > 1 && (
                <Group justify="center">
                  <Pagination
                    total={pages}
                    value={Math.min(page, pages)}
                    onChange={setPage}
                    size="sm"
                    getControlProps={(control) => ({ 'aria-label': t(`hours.pages.${control}`) })}
                    data-testid="hours-pages"
                  />
                </Group>
              )}
            </>
          )}
        </Stack>
      )}
      {o && <HoursForm target={form} options={o} onClose={() => setForm(null)} />}
      <DenyDialog
        key={denying?.join() ?? 'none'}
        count={denying?.length ?? 0}
        opened={denying !== null}
        busy={deny.isPending}
        onClose={() => setDenying(null)}
        onDeny={(message) => denying && deny.mutate({ ids: denying, message })}
      />
      <SignDialog
        key={signing ? `${signing.mode}:${signing.ids.join()}` : 'none'}
        opened={signing !== null}
        title={t(signing?.mode === 'sign' ? 'hours.signature.signTitle' : 'hours.signature.approveTitle')}
        submitLabel={t(
          signing?.mode === 'sign'
            ? 'hours.actions.sign'
            : signing?.mode === 'confirm'
              ? 'hours.actions.confirm'
              : 'hours.actions.approve',
        )}
        busy={approve.isPending || sign.isPending || confirm.isPending}
        defaultName={
          signing ? (lines.find((l) => l.id === signing.ids[0] || l.item === signing.ids[0])?.member.name ?? '') : ''
        }
        onClose={() => setSigning(null)}
        onSign={(signature) => {
          if (!signing) return;
          if (signing.mode === 'approve') approve.mutate({ ids: signing.ids, signature });
          else if (signing.mode === 'sign') sign.mutate({ ids: signing.ids, signature });
          else confirm.mutate({ items: signing.ids, signature });
        }}
      />
    </div>
  );
}

interface CardActions {
  register: () => void;
  asPlanned: () => void;
  edit: () => void;
  remove: () => void;
  approve: () => void;
  approveSigned: () => void;
  deny: () => void;
  reopen: () => void;
  sign: () => void;
  confirm: () => void;
  billed: (on: boolean) => void;
}

function HoursCard({
  line,
  tab,
  lang,
  me,
  selectable,
  selected,
  onSelect,
  actions,
}: {
  line: HoursLine;
  tab: TimesheetTab;
  lang: string;
  me: string;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  actions: CardActions;
}) {
  const { t } = useTranslation();
  const date = new Date(`${line.date}T12:00:00Z`);
  const day = new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(date);
  const isOpen = line.status === 'open';
  // What may be done with the line is the server's answer (`can`, the domain's hoursAbilitiesOf); the tab only
  // chooses where an action shows (signing is the unsigned tab's main button, elsewhere in the menu).
  const { can } = line;
  const decidable = can.approve && can.deny;
  const signHere = tab === 'unsigned';
  const label = `${day} · ${line.member.name}`;
  return (
    <li className="hours-card" data-testid="hours-line" data-status={line.status}>
      <Paper withBorder p="sm" radius="md">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {selectable && (
            <Checkbox
              mt={4}
              aria-label={t('hours.bulk.select', { line: label })}
              checked={selected}
              onChange={(e) => onSelect(e.currentTarget.checked)}
            />
          )}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} truncate>
                {day}
                {line.member.id !== me ? ` · ${line.member.name}` : ''}
              </Text>
              <Badge color={STATUS_COLOR[line.status]} variant="light" data-testid="hours-status">
                {t(`hours.status.${line.status}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {line.location.name}
              {line.duty ? ` · ${line.duty.name}` : ''}
              {line.costCentre ? ` · ${line.costCentre.name}` : ''}
            </Text>
            <Text size="sm">
              {isOpen ? t('hours.planned', { from: line.from, until: line.until }) : `${line.from}–${line.until}`}
              {line.break ? ` · ${t('hours.breakOf', { count: line.break })}` : ''}
              {!isOpen && <strong>{` · ${formatMinutes(line.minutes)}`}</strong>}
              {line.costCents != null && !isOpen ? ` · ${formatEuro(line.costCents, lang)}` : ''}
            </Text>
            {!isOpen && line.planned && (line.planned.from !== line.from || line.planned.until !== line.until) && (
              <Text size="xs" c="dimmed">
                {t('hours.planned', { from: line.planned.from, until: line.planned.until })}
              </Text>
            )}
            {(line.expensesCents || line.travelKm) && (
              <Text size="xs">
                {line.expensesCents ? t('hours.expensesOf', { amount: formatEuro(line.expensesCents, lang) }) : ''}
                {line.expensesCents && line.travelKm ? ' · ' : ''}
                {line.travelKm
                  ? t('hours.travelOf', { km: line.travelKm, role: t(`hours.travel.${line.travelRole ?? 'driver'}`) })
                  : ''}
              </Text>
            )}
            {line.comment && (
              <Text size="xs" c="dimmed" fs="italic">
                “{line.comment}”
              </Text>
            )}
            {line.status === 'denied' && line.denialMessage && (
              <Alert color="red" p="xs" data-testid="hours-denial">
                <Text size="sm">{line.denialMessage}</Text>
              </Alert>
            )}
            {line.status === 'approved' && (
              <Text size="xs" c="dimmed">
                {line.approvedBy ? t('hours.approvedBy', { name: line.approvedBy }) : ''}
                {line.signed ? ` · ${t('hours.signedBy', { name: line.signeeName ?? '' })}` : ''}
                {line.billed ? ` · ${t('hours.billed')}` : ''}
              </Text>
            )}
            <Group gap="xs" mt={4} wrap="wrap">
              {isOpen && tab === 'register' && (
                <>
                  <Button size="xs" onClick={actions.register} data-testid="hours-register">
                    {t('hours.actions.register')}
                  </Button>
                  <Button size="xs" variant="light" onClick={actions.asPlanned} data-testid="hours-as-planned">
                    {t('hours.actions.asPlanned')}
                  </Button>
                </>
              )}
              {isOpen && tab === 'confirm' && (
                <Button size="xs" onClick={actions.confirm} leftSection={<IconCheck size={14} />}>
                  {t('hours.actions.confirm')}
                </Button>
              )}
              {signHere && can.sign && (
                <Button
                  size="xs"
                  leftSection={<IconSignature size={14} />}
                  onClick={actions.sign}
                  data-testid="hours-sign"
                >
                  {t('hours.actions.sign')}
                </Button>
              )}
              {decidable && (
                <>
                  <Button
                    size="xs"
                    color="green"
                    leftSection={<IconCheck size={14} />}
                    onClick={actions.approve}
                    data-testid="hours-approve"
                  >
                    {t('hours.actions.approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={14} />}
                    onClick={actions.deny}
                    data-testid="hours-deny"
                  >
                    {t('hours.actions.deny')}
                  </Button>
                </>
              )}
              {can.edit && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  onClick={actions.edit}
                  data-testid="hours-edit"
                >
                  {t('hours.actions.edit')}
                </Button>
              )}
              {(can.remove || decidable || (can.sign && !signHere) || can.reopen || can.bill) && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      size="xs"
                      variant="subtle"
                      px={6}
                      aria-label={t('hours.actions.more', { line: label })}
                      data-testid="hours-more"
                    >
                      <IconDots size={16} />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {decidable && (
                      <Menu.Item
                        leftSection={<IconSignature size={16} />}
                        onClick={actions.approveSigned}
                        data-testid="hours-approve-signed"
                      >
                        {t('hours.actions.approveSigned')}
                      </Menu.Item>
                    )}
                    {can.sign && !signHere && (
                      <Menu.Item leftSection={<IconSignature size={16} />} onClick={actions.sign}>
                        {t('hours.actions.sign')}
                      </Menu.Item>
                    )}
                    {can.reopen && <Menu.Item onClick={actions.reopen}>{t('hours.actions.reopen')}</Menu.Item>}
                    {can.bill && (
                      <Menu.Item onClick={() => actions.billed(!line.billed)}>
                        {t(line.billed ? 'hours.actions.unbilled' : 'hours.actions.billed')}
                      </Menu.Item>
                    )}
                    {can.remove && (
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={actions.remove}>
                        {t('hours.actions.delete')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
    </li>
  );
}
