import { createRequire } from 'node:module';
import type { Locale } from '@app/contracts';
import {
  addDays,
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
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
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
import { fileLabels, fill } from './labels';

/**
 * The roster of a week as a printable PDF (pdfmake): one row per person (open duties last), one column per day,
 * each cell the person's duties with their times. Staff without access see only printed or
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

/** A row of the printed week: the person's duties per day, the minutes planned and, for planners, the contract's. */
export interface WeekRow {
  name: string;
  cells: string[][];
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
}

/**
 * The week's rows and totals (docs/product/reports.md, "The printed roster"): per person their duties per day with
 * times, the minutes planned (times less the break, `workedMinutes`) and their contract's weekly minutes when given;
 * per day the minutes planned. Open duties are one row of their own.
 */
export function buildWeek(
  items: readonly PrintItem[],
  days: readonly string[],
  timeZone: string,
  nameOf: (id: string, name: string) => string,
  openLabel: string,
  contracts: ReadonlyMap<string, number> | null,
): { people: WeekRow[]; open: WeekRow | null; dayMinutes: number[] } {
  const byPerson = new Map<string, WeekRow>();
  const dayMinutes = days.map(() => 0);
  for (const item of items) {
    const key = item.memberId ?? '';
    const row = byPerson.get(key) ?? {
      name: item.memberId ? nameOf(item.memberId, item.name ?? '') : openLabel,
      cells: days.map(() => []),
      minutes: 0,
      contractMinutes: item.memberId ? (contracts?.get(item.memberId) ?? null) : null,
    };
    const day = days.indexOf(item.date);
    const timed = item.from != null && item.until != null;
    const times = timed ? `${formatHHmm(item.from!)}–${formatHHmm(item.until!)}` : '';
    row.cells[day].push([times, item.duty ?? ''].filter(Boolean).join(' '));
    if (timed) {
      const minutes = workedMinutes(itemSpan(item.date, item.from!, item.until!, timeZone), item.pause);
      row.minutes += minutes;
      dayMinutes[day] += minutes;
    }
    byPerson.set(key, row);
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
  const built = buildWeek(items, days, settings.timeZone, nameOf, labels.open, contracts);
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
  };
}

async function pdfOf(week: Week, locale: Locale): Promise<Buffer> {
  ensureFonts();
  const labels = fileLabels(locale);
  const dayHead = (d: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? 'en-GB', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(`${d}T00:00:00Z`));
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
    [
      { text: '', style: 'head' },
      ...week.days.map((d) => ({ text: dayHead(d), style: 'head' })),
      { text: labels.roster.total, style: 'head' },
    ],
    ...week.rows.map((r) => [{ text: r.name, bold: true }, ...r.cells.map((c) => ({ text: c.join('\n') })), total(r)]),
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
    content: await pdfOf(week, actor.locale),
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
      pdf = await pdfOf(week, locale);
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
