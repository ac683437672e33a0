import type {
  Country,
  HolidayRegionsResponse,
  HolidaySettings,
  HolidaysResponse,
  Locale,
  OwnHoliday,
  OwnHolidayInput,
  OwnHolidayUpdate,
  PublicHoliday,
} from '@app/contracts';
import { mayManageHolidays } from '@app/domain';
import Holidays from 'date-holidays';
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountHolidays, accounts } from '../../db/schema';
import { lockAccount } from '../../platform/account-rows';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';

/**
 * Holidays: the public holidays of the account's country and region (from date-holidays, named in the reader's
 * language where the library has it), and the account's own days off. Every member reads them (vacation and the
 * roster use them); owners and unlimited managers change them.
 */

/** Kinds a company plans around; observances (Valentine's day) and school holidays are left out. */
const KINDS = new Set(['public', 'bank', 'optional']);

/** The regions (states, provinces) of a country, by name. */
export function regionsOf(country: Country, locale: Locale): HolidayRegionsResponse {
  const states = new Holidays().getStates(country, locale) ?? {};
  return {
    regions: Object.entries(states)
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, locale)),
  };
}

/** The public holidays of a year in a country (and region), one per date. */
export function publicHolidays(settings: HolidaySettings, year: number, locale: Locale): PublicHoliday[] {
  // The reader's language, else English: asked for one language only, the library falls back to the country's
  // own or another (a Polish reader got Dutch names for German holidays).
  const options = { languages: [locale, 'en'] };
  const calendar = settings.region
    ? new Holidays(settings.country, settings.region, options)
    : new Holidays(settings.country, options);
  const seen = new Set<string>();
  const days: PublicHoliday[] = [];
  for (const h of calendar.getHolidays(year) ?? []) {
    const date = h.date.slice(0, 10);
    if (!KINDS.has(h.type) || seen.has(date)) continue;
    seen.add(date);
    days.push({ date, name: h.name, type: h.type });
  }
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

export async function holidaySettingsOf(db: DbOrTx, accountId: string): Promise<HolidaySettings> {
  const [row] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AppError('NOT_FOUND');
  const s = accountSettings(row.settings);
  return { country: s.country as Country, region: s.holidayRegion };
}

export async function readHolidays(ctx: AppContext, actor: Actor, year: number): Promise<HolidaysResponse> {
  const settings = await holidaySettingsOf(ctx.db, actor.accountId);
  const own = await ctx.db
    .select()
    .from(accountHolidays)
    .where(
      and(
        eq(accountHolidays.accountId, actor.accountId),
        gte(accountHolidays.date, `${year}-01-01`),
        lte(accountHolidays.date, `${year}-12-31`),
      ),
    )
    .orderBy(asc(accountHolidays.date));
  return {
    year,
    settings,
    public: publicHolidays(settings, year, actor.locale),
    own: own.map((h) => ({ id: h.id, date: h.date, name: h.name })),
  };
}

/** Chooses the country and region; a region the country does not have answers 422 on the field. */
export async function writeHolidaySettings(
  ctx: AppContext,
  actor: Actor,
  input: HolidaySettings,
): Promise<HolidaySettings> {
  requireAllowed(mayManageHolidays(actor));
  if (input.region && !regionsOf(input.country, 'en').regions.some((r) => r.code === input.region))
    throw fieldError({ region: ['settings.errors.region'] });
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    const before = await holidaySettingsOf(tx, actor.accountId);
    await tx
      .update(accounts)
      .set({ settings: { ...row.settings, country: input.country, holidayRegion: input.region } })
      .where(eq(accounts.id, actor.accountId));
    await recordActivity(tx, actor, { entity: 'settings.holidays', action: 'update', before, after: input });
    command.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'settings' });
    return input;
  });
}

async function ownHolidayInAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(accountHolidays)
    .where(and(eq(accountHolidays.id, id), eq(accountHolidays.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** One own day per date. */
async function assertDateFree(db: DbOrTx, accountId: string, date: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: accountHolidays.id })
    .from(accountHolidays)
    .where(
      and(
        eq(accountHolidays.accountId, accountId),
        eq(accountHolidays.date, date),
        exceptId ? ne(accountHolidays.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError({ date: ['validation.taken'] });
}

export async function createOwnHoliday(ctx: AppContext, actor: Actor, input: OwnHolidayInput): Promise<OwnHoliday> {
  requireAllowed(mayManageHolidays(actor));
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    await assertDateFree(tx, actor.accountId, input.date);
    const [row] = await tx
      .insert(accountHolidays)
      .values({ accountId: actor.accountId, date: input.date, name: input.name })
      .returning();
    await recordActivity(tx, actor, { entity: 'holiday', entityId: row.id, action: 'create', after: row });
    return { id: row.id, date: row.date, name: row.name };
  });
}

export async function updateOwnHoliday(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: OwnHolidayUpdate,
): Promise<OwnHoliday> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const before = await ownHolidayInAccount(tx, actor.accountId, id);
    requireAllowed(mayManageHolidays(actor));
    const next = { date: input.date ?? before.date, name: input.name ?? before.name };
    await assertDateFree(tx, actor.accountId, next.date, id);
    const [row] = await tx.update(accountHolidays).set(next).where(eq(accountHolidays.id, id)).returning();
    await recordActivity(tx, actor, { entity: 'holiday', entityId: id, action: 'update', before, after: row });
    return { id: row.id, date: row.date, name: row.name };
  });
}

export async function deleteOwnHoliday(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await ownHolidayInAccount(tx, actor.accountId, id);
    requireAllowed(mayManageHolidays(actor));
    await tx.delete(accountHolidays).where(eq(accountHolidays.id, id));
    await recordActivity(tx, actor, { entity: 'holiday', entityId: id, action: 'delete', before });
  });
}

/**
 * Every holiday date (public ones of the account's country and region, and the account's own) from `from` to
 * `until`: the cost of hours reads it for holiday premiums.
 */
export async function holidayDatesBetween(db: DbOrTx, accountId: string, from: string, until: string) {
  const settings = await holidaySettingsOf(db, accountId);
  const out = new Set<string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(until.slice(0, 4)); year++) {
    for (const h of publicHolidays(settings, year, 'en')) if (h.date >= from && h.date <= until) out.add(h.date);
  }
  const own = await db
    .select({ date: accountHolidays.date })
    .from(accountHolidays)
    .where(
      and(eq(accountHolidays.accountId, accountId), gte(accountHolidays.date, from), lte(accountHolidays.date, until)),
    );
  for (const o of own) out.add(o.date);
  return out;
}
