import { createRequire } from 'node:module';
import type { Locale } from '@app/contracts';
import {
  addDays,
  type CellAbsence,
  cellAbsence,
  contractBalance,
  displayNameFor,
  formatDuration,
  formatHHmm,
  isoWeekNumber,
  itemSpan,
  localizedPath,
  mayPrintRoster,
  now,
  weekStart,
  workedMinutes,
} from '@app/domain';
import { and, asc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import type { Content, PatternFill, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  availability,
  dayNotes,
  duties,
  locations,
  memberContracts,
  membershipLocations,
  memberships,
  rosterItems,
  users,
} from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { formatMailDate, LOCALE_TAGS } from '../../platform/mail/format';
import type { MailRequest } from '../../platform/mail/mailer';
import { requirePlanningInScope } from '../members/scope';
import { namedHolidays, sickDays } from '../roster/cost';
import { fileLabels, fill } from './labels';

/**
 * The roster of a week as a printable PDF (pdfmake): one row per person (open duties last), one column per day,
 * each cell the person's duties with their times and their duty's colour, vacation, sickness, unavailable and limited
 * availability marked as on the grid (planners' print), the day heads with the holidays and the day notes. Staff without access see only printed or
 * mailed rosters (docs/product/reports.md), so the planner can also mail it to the planning's members without access.
 */

const require = createRequire(import.meta.url);
let fontsReady = false;
export function ensureFonts() {
  if (fontsReady) return;
  const font = (file: string) => require.resolve(`pdfmake/fonts/Roboto/${file}`);
  pdfmake.setFonts({
    Roboto: {
      normal: font('Roboto-Regular.ttf'),
      bold: font('Roboto-Medium.ttf'),
      italics: font('Roboto-Italic.ttf'),
      bolditalics: font('Roboto-MediumItalic.ttf'),
    },
  });
  // Nothing but the bundled fonts is read: no URLs, no other local files.
  pdfmake.setUrlAccessPolicy(() => false);
  fontsReady = true;
}

/** A duty in a printed cell: its times and duty's name, in the duty's colour. */
interface PrintedDuty {
  text: string;
  color: string | null;
}

/**
 * What the print marks in a person's day beside the duties (docs/product/roster.md, "Leave and holidays"): the grid's
 * blocks (vacation, sickness) and shading (unavailable, limited), with the availability's window when it has one.
 */
export interface PrintedMark {
  kind: CellAbsence;
  window: string | null;
}

/** Which mark a day shows when it has several, as the grid's `cellAbsence`: vacation, sickness, then availability. */
const MARK_RANK: readonly CellAbsence[] = ['vacation', 'sick', 'unavailable', 'limited'];

/** A row of the printed week: the person's duties per day, the minutes planned and, for planners, the contract's. */
export interface WeekRow {
  name: string;
  cells: PrintedDuty[][];
  /** Vacation, sickness, unavailable or limited per day (planners' print only: HR data, as on the grid). */
  marks: (PrintedMark | null)[];
  minutes: number;
  /** The contract's weekly minutes (planners' print only); null without a contract or in the mailed print. */
  contractMinutes: number | null;
}

interface Week {
  locationName: string;
  from: string;
  until: string;
  days: string[];
  timeZone: string;
  rows: WeekRow[];
  /** Minutes planned per day (open duties too: the work the day asks for). */
  dayMinutes: number[];
  /** The location's day notes by date. */
  notes: Map<string, string>;
  accountId: string;
  settings: Actor['settings'];
}

/** An item as the print reads it. */
export interface PrintItem {
  date: string;
  memberId: string | null;
  name: string | null;
  from: number | null;
  until: number | null;
  pause: number;
  duty: string | null;
  /** The duty's colour (`#rrggbb`); null without a duty. */
  color?: string | null;
}

/** A person's vacation, sickness or availability on a day of the week, as the grid marks it (`cellAbsence`). */
export interface PrintLeave {
  memberId: string;
  name: string;
  date: string;
  kind: CellAbsence;
  /** The availability's window (`10:00–14:00`), if it has one. */
  window?: string | null;
}

/**
 * The week's rows and totals (docs/product/reports.md, "The printed roster"): per person their duties per day with
 * times, the minutes planned (times less the break, `workedMinutes`) and their contract's weekly minutes when given;
 * per day the minutes planned. Open duties are one row of their own. People away (vacation, sickness) have a row
 * with their marks even without a duty that week; unavailable and limited availability mark the rows there are (the
 * print lists who works and who is away, not the whole planning).
 */
export function buildWeek(
  items: readonly PrintItem[],
  days: readonly string[],
  timeZone: string,
  nameOf: (id: string, name: string) => string,
  openLabel: string,
  contracts: ReadonlyMap<string, number> | null,
  leave: readonly PrintLeave[] = [],
): { people: WeekRow[]; open: WeekRow | null; dayMinutes: number[] } {
  const byPerson = new Map<string, WeekRow>();
  const dayMinutes = days.map(() => 0);
  const rowOf = (memberId: string | null, name: string | null): WeekRow => {
    const key = memberId ?? '';
    const known = byPerson.get(key);
    if (known) return known;
    const row: WeekRow = {
      name: memberId ? nameOf(memberId, name ?? '') : openLabel,
      cells: days.map(() => []),
      marks: days.map(() => null),
      minutes: 0,
      contractMinutes: memberId ? (contracts?.get(memberId) ?? null) : null,
    };
    byPerson.set(key, row);
    return row;
  };
  for (const item of items) {
    const row = rowOf(item.memberId, item.name);
    const day = days.indexOf(item.date);
    const timed = item.from != null && item.until != null;
    const times = timed ? `${formatHHmm(item.from!)}–${formatHHmm(item.until!)}` : '';
    row.cells[day].push({ text: [times, item.duty ?? ''].filter(Boolean).join(' '), color: item.color ?? null });
    if (timed) {
      const minutes = workedMinutes(itemSpan(item.date, item.from!, item.until!, timeZone), item.pause);
      row.minutes += minutes;
      dayMinutes[day] += minutes;
    }
  }
  const away = (kind: CellAbsence) => kind === 'vacation' || kind === 'sick';
  // Absences first: they give a person a row, which the availability's shading then marks too.
  const ordered = [...leave].sort((a, b) => Number(away(b.kind)) - Number(away(a.kind)));
  for (const mark of ordered) {
    const day = days.indexOf(mark.date);
    if (day < 0) continue;
    if (!away(mark.kind) && !byPerson.has(mark.memberId)) continue;
    const row = rowOf(mark.memberId, mark.name);
    // Vacation wins over sickness, sickness over availability, on a shared day, as on the grid (`cellAbsence`).
    const shown = row.marks[day];
    if (!shown || MARK_RANK.indexOf(mark.kind) < MARK_RANK.indexOf(shown.kind)) {
      row.marks[day] = { kind: mark.kind, window: mark.window ?? null };
    }
  }
  const open = byPerson.get('') ?? null;
  byPerson.delete('');
  return { people: [...byPerson.values()], open, dayMinutes };
}

/**
 * The week as a viewer may see it. `viewer` is whose eyes the names pass (`displayNameFor`): the planner printing
 * it, or null for the mail, whose recipients are the planning's own staff (docs/product/members.md, Names hidden).
 */
async function weekOf(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  date: string,
  viewer: Actor | null,
): Promise<Week> {
  const [location] = await ctx.db
    .select({ name: locations.name })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.accountId, actor.accountId)));
  if (!location) throw new AppError('NOT_FOUND');
  requireAllowed(mayPrintRoster(actor));
  await requirePlanningInScope(ctx.db, actor, locationId);
  const settings = actor.settings;
  const from = weekStart(date, settings.weekStartsOn);
  const until = addDays(from, 6);
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const items = await ctx.db
    .select({
      date: rosterItems.date,
      memberId: rosterItems.membershipId,
      name: sql<string | null>`trim(${users.fname} || ' ' || ${users.lname})`,
      from: rosterItems.fromMinutes,
      until: rosterItems.untilMinutes,
      pause: rosterItems.breakMinutes,
      duty: duties.name,
      color: duties.color,
    })
    .from(rosterItems)
    .leftJoin(memberships, eq(memberships.id, rosterItems.membershipId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .where(
      and(
        eq(rosterItems.accountId, actor.accountId),
        eq(rosterItems.locationId, locationId),
        gte(rosterItems.date, from),
        lte(rosterItems.date, until),
      ),
    )
    .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes));
  const labels = fileLabels(actor.locale);
  let hidden = 0;
  const nameOf = (id: string, name: string) => {
    const shown = viewer ? displayNameFor(viewer, { id, name }) : name;
    return shown ?? fill(labels.roster.colleague, { n: ++hidden });
  };
  // Contract hours are the planners' (HR data): on their own print, not on the one mailed to the staff.
  const contracts = viewer
    ? new Map(
        (
          await ctx.db
            .select({ id: memberContracts.membershipId, minutes: memberContracts.weeklyMinutes })
            .from(memberContracts)
            .where(
              and(
                eq(memberContracts.accountId, actor.accountId),
                lte(memberContracts.startDate, from),
                or(isNull(memberContracts.endDate), gte(memberContracts.endDate, from)),
              ),
            )
        ).map((c) => [c.id, c.minutes]),
      )
    : null;
  const leave = viewer ? await leaveOf(ctx, actor.accountId, locationId, days) : [];
  const notes = await ctx.db
    .select({ date: dayNotes.date, content: dayNotes.content })
    .from(dayNotes)
    .where(and(eq(dayNotes.locationId, locationId), gte(dayNotes.date, from), lte(dayNotes.date, until)));
  const built = buildWeek(items, days, settings.timeZone, nameOf, labels.open, contracts, leave);
  // Hidden names keep the order of the duties: sorting by name would tell the names' order.
  const rows = hidden ? built.people : [...built.people].sort((a, b) => a.name.localeCompare(b.name));
  if (built.open) rows.push(built.open);
  return {
    locationName: location.name,
    from,
    until,
    days,
    timeZone: settings.timeZone,
    rows,
    dayMinutes: built.dayMinutes,
    notes: new Map(notes.map((n) => [n.date, n.content])),
    accountId: actor.accountId,
    settings,
  };
}

/**
 * The vacation (requested or approved), sickness, unavailable and limited availability of the planning's members in
 * the week: the grid's blocks and shading (docs/product/roster.md, "Leave and holidays"), read for the planners' print
 * only.
 */
async function leaveOf(ctx: AppContext, accountId: string, locationId: string, days: readonly string[]) {
  const people = await ctx.db
    .select({ id: memberships.id, name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})` })
    .from(membershipLocations)
    .innerJoin(memberships, eq(memberships.id, membershipLocations.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(membershipLocations.locationId, locationId), eq(memberships.accountId, accountId)));
  const names = new Map(people.map((p) => [p.id, p.name]));
  const entries = await ctx.db
    .select({
      memberId: availability.membershipId,
      date: availability.date,
      type: availability.type,
      status: availability.status,
      start: availability.startMinutes,
      end: availability.endMinutes,
    })
    .from(availability)
    .where(
      and(
        eq(availability.accountId, accountId),
        gte(availability.date, days[0]),
        lte(availability.date, days[days.length - 1]),
      ),
    );
  const out: PrintLeave[] = [];
  for (const s of await sickDays(ctx.db, accountId, days)) {
    const name = names.get(s.user);
    if (name !== undefined) out.push({ memberId: s.user, name, date: s.date, kind: 'sick' });
  }
  for (const a of entries) {
    const name = names.get(a.memberId);
    const kind = cellAbsence({ type: a.type as never, status: a.status as never }, false);
    if (name === undefined || !kind) continue;
    const window = a.start !== null && a.end !== null ? `${formatHHmm(a.start)}–${formatHHmm(a.end)}` : null;
    out.push({ memberId: a.memberId, name, date: a.date, kind, window });
  }
  return out;
}

/** The week's holidays in a language (public holidays and the account's days off, as the grid's day heads). */
function holidaysOf(ctx: AppContext, week: Week, locale: Locale) {
  return namedHolidays(ctx.db, week.accountId, week.settings, week.from, week.until, locale);
}

/** A duty in its cell: a bar in the duty's colour before its times and name, as the grid's card. */
function dutyLine(duty: PrintedDuty): Content {
  if (!duty.color) return { text: duty.text };
  return {
    columns: [
      { width: 4, canvas: [{ type: 'rect', x: 0, y: 1, w: 3, h: 9, color: duty.color }] },
      { width: '*', text: duty.text },
    ],
    columnGap: 2,
  };
}

/**
 * The cells' fills by mark: vacation and sickness shaded (the grid's blocks), unavailable and limited availability
 * hatched (the grid's shading; the lines, unlike a tint, survive a black-and-white printer), limited more sparsely.
 */
const MARK_FILLS: Record<CellAbsence, string | PatternFill> = {
  vacation: '#ebfbee',
  sick: '#fff5f5',
  unavailable: ['hatch', '#adb5bd'],
  limited: ['hatchWide', '#ced4da'],
};

/** Diagonal lines, as the grid's shading: tiles whose lines meet their neighbours'. */
const hatch = (step: number) => ({
  boundingBox: [0, 0, step, step] as [number, number, number, number],
  xStep: step,
  yStep: step,
  pattern: `0.7 w 0 0 m ${step} ${step} l S -1 ${step - 1} m 1 ${step + 1} l S ${step - 1} -1 m ${step + 1} 1 l S`,
});
const PATTERNS = { hatch: hatch(4), hatchWide: hatch(8) };

/**
 * A person's mark in a day's cell: the word (with the availability's window), bold in the block's colour for
 * vacation and sickness, on a white ground over the hatching for unavailable and limited availability.
 */
function markLine(mark: PrintedMark, words: Record<CellAbsence, string>): Content {
  const text = [words[mark.kind], mark.window].filter(Boolean).join(' ');
  if (mark.kind === 'vacation' || mark.kind === 'sick') {
    return { text, bold: true, color: mark.kind === 'vacation' ? '#2b8a3e' : '#c92a2a' };
  }
  return { text, italics: true, fontSize: 8, color: '#343a40', background: '#ffffff' };
}

async function pdfOf(week: Week, locale: Locale, holidays: ReadonlyMap<string, string>): Promise<Buffer> {
  ensureFonts();
  const labels = fileLabels(locale);
  const dayHead = (d: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? 'en-GB', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(`${d}T00:00:00Z`));
  const cell = (r: WeekRow, day: number): TableCell => {
    const mark = r.marks[day];
    const lines = [...(mark ? [markLine(mark, labels.roster)] : []), ...r.cells[day].map(dutyLine)];
    return { stack: lines, ...(mark ? { fillColor: MARK_FILLS[mark.kind] } : {}) };
  };
  // The day head: the date, the holiday's name and the day's note (the grid's day head).
  const head = (d: string): TableCell => {
    const holiday = holidays.get(d);
    const note = week.notes.get(d);
    return {
      stack: [
        { text: dayHead(d), bold: true },
        ...(holiday ? [{ text: holiday, color: '#c92a2a', fontSize: 8 }] : []),
        ...(note ? [{ text: note, italics: true, bold: false, fontSize: 8 }] : []),
      ],
      style: 'head',
      ...(holiday ? { fillColor: '#fff0f0' } : {}),
    };
  };
  const hours = (minutes: number) => formatDuration(minutes);
  // A person's total, with their contract's hours and whether the week is over or under it (planners' print).
  const total = (r: WeekRow): TableCell => {
    if (r.contractMinutes === null) return { text: `${hours(r.minutes)} h`, bold: true };
    const balance = contractBalance(r.minutes, r.contractMinutes, 7);
    const mark = balance.state === 'over' ? labels.roster.over : balance.state === 'under' ? labels.roster.under : '';
    return {
      stack: [
        {
          text: fill(labels.roster.ofContract, { planned: hours(r.minutes), contract: hours(balance.contractMinutes) }),
          bold: true,
        },
        ...(mark
          ? [
              {
                text: `${mark} (${formatDuration(balance.differenceMinutes, { signed: true })})`,
                color: balance.state === 'over' ? '#c92a2a' : '#495057',
                fontSize: 8,
              },
            ]
          : []),
      ],
    };
  };
  const weekMinutes = week.dayMinutes.reduce((a, b) => a + b, 0);
  const body: TableCell[][] = [
    [{ text: '', style: 'head' }, ...week.days.map(head), { text: labels.roster.total, style: 'head' }],
    ...week.rows.map((r) => [{ text: r.name, bold: true }, ...week.days.map((_, i) => cell(r, i)), total(r)]),
    [
      { text: labels.roster.total, style: 'head' },
      ...week.dayMinutes.map((m) => ({ text: `${hours(m)} h`, style: 'head' })),
      { text: `${hours(weekMinutes)} h`, style: 'head' },
    ],
  ];
  const printedAt = new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: week.timeZone,
  }).format(now());
  const content: Content[] = [
    { text: fill(labels.roster.title, { location: week.locationName }), style: 'title' },
    {
      text: fill(labels.roster.week, {
        week: isoWeekNumber(week.from),
        from: formatMailDate(week.from, locale),
        until: formatMailDate(week.until, locale),
      }),
      margin: [0, 0, 0, 10],
    },
    week.rows.length
      ? {
          table: { headerRows: 1, widths: [100, '*', '*', '*', '*', '*', '*', '*', 70], body },
          layout: 'lightHorizontalLines',
        }
      : { text: labels.roster.nobody, italics: true },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 30, 30, 40],
    info: { title: fill(labels.roster.title, { location: week.locationName }), creator: 'Rosterly' },
    content,
    footer: (page, pages) => ({
      columns: [
        { text: fill(labels.roster.printed, { at: printedAt }), margin: [30, 10, 0, 0], fontSize: 8 },
        { text: `${page} / ${pages}`, alignment: 'right', margin: [0, 10, 30, 0], fontSize: 8 },
      ],
    }),
    patterns: PATTERNS,
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: { title: { fontSize: 16, bold: true }, head: { bold: true, fillColor: '#eeeeee' } },
  };
  return pdfmake.createPdf(doc).getBuffer();
}

export async function rosterPdf(ctx: AppContext, actor: Actor, locationId: string, date: string) {
  const week = await weekOf(ctx, actor, locationId, date, actor);
  return {
    fileName: `roster-${week.from}.pdf`,
    contentType: 'application/pdf',
    content: await pdfOf(week, actor.locale, await holidaysOf(ctx, week, actor.locale)),
  };
}

/** Mails the week's PDF to the planning's active members without access, each in their language. */
export async function mailRosterPdf(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  date: string,
  message?: string,
): Promise<{ count: number; names: string[] }> {
  const week = await weekOf(ctx, actor, locationId, date, null);
  const people = await ctx.db
    .select({ email: users.email, locale: users.locale, fname: users.fname, lname: users.lname })
    .from(membershipLocations)
    .innerJoin(memberships, eq(memberships.id, membershipLocations.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(membershipLocations.locationId, locationId),
        eq(memberships.accountId, actor.accountId),
        eq(memberships.status, 'active'),
        ne(memberships.access, 'yes'),
      ),
    );
  const pdfs = new Map<Locale, Buffer>();
  const mails: MailRequest[] = [];
  for (const person of people) {
    const locale = (person.locale ?? 'en') as Locale;
    let pdf = pdfs.get(locale);
    if (!pdf) {
      pdf = await pdfOf(week, locale, await holidaysOf(ctx, week, locale));
      pdfs.set(locale, pdf);
    }
    mails.push({
      to: person.email,
      locale,
      template: 'rosterPrint' as const,
      accountId: actor.accountId,
      params: {
        name: person.fname ?? '',
        location: week.locationName,
        week: String(isoWeekNumber(week.from)),
        from: formatMailDate(week.from, locale),
        until: formatMailDate(week.until, locale),
        note: message ? `\n\n${message}` : '',
        link: `${ctx.config.publicUrl}${localizedPath('roster', locale)}`,
      },
      attachments: [{ fileName: `roster-${week.from}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
  }
  await runCommand(ctx, actor, (command) => ctx.mailer.sendAll(command, mails));
  // The planner learns whom it went to (their own staff, named as in the member list).
  const names = people
    .map((p) => [p.fname, p.lname].filter(Boolean).join(' ') || p.email)
    .sort((a, b) => a.localeCompare(b));
  return { count: mails.length, names };
}
