import { createRequire } from 'node:module';
import type { Locale } from '@app/contracts';
import {
  addDays,
  displayNameFor,
  formatHHmm,
  isoWeekNumber,
  localizedPath,
  mayPrintRoster,
  now,
  weekStart,
} from '@app/domain';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { duties, locations, membershipLocations, memberships, rosterItems, users } from '../../db/schema';
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

interface Week {
  locationName: string;
  from: string;
  until: string;
  days: string[];
  timeZone: string;
  rows: { name: string; cells: string[][] }[];
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
  const byPerson = new Map<string, { name: string; cells: string[][] }>();
  let hidden = 0;
  const nameOf = (id: string, name: string) => {
    const shown = viewer ? displayNameFor(viewer, { id, name }) : name;
    return shown ?? fill(labels.roster.colleague, { n: ++hidden });
  };
  for (const item of items) {
    const key = item.memberId ?? '';
    const row = byPerson.get(key) ?? {
      name: item.memberId ? nameOf(item.memberId, item.name ?? '') : labels.open,
      cells: days.map(() => []),
    };
    const times = item.from != null && item.until != null ? `${formatHHmm(item.from)}–${formatHHmm(item.until)}` : '';
    row.cells[days.indexOf(item.date)].push([times, item.duty ?? ''].filter(Boolean).join(' '));
    byPerson.set(key, row);
  }
  const open = byPerson.get('');
  byPerson.delete('');
  // Hidden names keep the order of the duties: sorting by name would tell the names' order.
  const rows = hidden ? [...byPerson.values()] : [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name));
  if (open) rows.push(open);
  return { locationName: location.name, from, until, days, timeZone: settings.timeZone, rows };
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
  const body: TableCell[][] = [
    [{ text: '', style: 'head' }, ...week.days.map((d) => ({ text: dayHead(d), style: 'head' }))],
    ...week.rows.map((r) => [{ text: r.name, bold: true }, ...r.cells.map((c) => ({ text: c.join('\n') }))]),
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
          table: { headerRows: 1, widths: [110, '*', '*', '*', '*', '*', '*', '*'], body },
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
): Promise<{ count: number }> {
  const week = await weekOf(ctx, actor, locationId, date, null);
  const people = await ctx.db
    .select({ email: users.email, locale: users.locale, fname: users.fname })
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
  return { count: mails.length };
}
