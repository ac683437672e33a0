import type {
  AccountSettings,
  AdvancedSettings,
  CheckinSettings,
  CheckinSettingsResponse,
  CompanySettings,
  Country,
  ExpenseSettings,
  GeneralSettings,
} from '@app/contracts';
import { mayManageSettings } from '@app/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { accounts, locations, rosterItems } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/**
 * The account's settings pages that keep their values on the account row: general, expenses, advanced, check-in,
 * company. Each page reads and writes its own keys; the other keys stay as they are. Only owners and managers
 * without the limitation read or change them (`mayManageSettings`).
 */

type AccountRow = typeof accounts.$inferSelect;

async function lockedAccount(tx: DbOrTx, accountId: string): Promise<AccountRow> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function accountRow(db: DbOrTx, accountId: string): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

interface Section<T> {
  /** The activity log's name of the page. */
  entity: string;
  read(row: AccountRow, settings: AccountSettings): T;
  /** The account columns and settings keys a new value writes. */
  write(value: T): { columns?: Partial<AccountRow>; settings?: Partial<AccountSettings> };
}

const general: Section<GeneralSettings> = {
  entity: 'settings.general',
  read: (row, s) => ({
    name: row.name,
    country: s.country as Country,
    timeZone: s.timeZone,
    weekStartsOn: s.weekStartsOn,
    locale: s.locale,
    twoFactorRoles: s.twoFactorRequired ? s.twoFactorRoles : [],
  }),
  write: (v) => ({
    columns: { name: v.name },
    settings: {
      country: v.country,
      timeZone: v.timeZone,
      weekStartsOn: v.weekStartsOn,
      locale: v.locale,
      twoFactorRequired: v.twoFactorRoles.length > 0,
      // Kept when switched off, so switching it on again starts from the usual roles.
      ...(v.twoFactorRoles.length > 0 ? { twoFactorRoles: [...new Set(v.twoFactorRoles)] } : {}),
    },
  }),
};

const expenses: Section<ExpenseSettings> = {
  entity: 'settings.expenses',
  read: (_row, s) => ({
    expensesEnabled: s.expensesEnabled,
    travelEnabled: s.travelEnabled,
    kmCompensationCents: s.kmCompensationCents,
    expenseMaxCents: s.expenseMaxCents,
    expenseReceiptRequired: s.expenseReceiptRequired,
  }),
  write: (v) => ({ settings: { ...v } }),
};

const advanced: Section<AdvancedSettings> = {
  entity: 'settings.advanced',
  read: (_row, s) => ({
    employeesMustApply: s.employeesMustApply,
    placeholderSignupNeedsConfirmation: s.placeholderSignupNeedsConfirmation,
    swapsApproveAutomatically: s.swapsApproveAutomatically,
    contactsVisibility: s.contactsVisibility,
    maxItemsPerDay: s.maxItemsPerDay,
    breakAfterSixHours: s.breakAfterSixHours,
    breakAfterNineHours: s.breakAfterNineHours,
  }),
  write: (v) => ({ settings: { ...v } }),
};

const checkin: Section<CheckinSettings> = {
  entity: 'settings.checkin',
  read: (_row, s) => ({
    checkinLocationRequired: s.checkinLocationRequired,
    checkinRadiusMeters: s.checkinRadiusMeters,
    checkinMinMinutesBefore: s.checkinMinMinutesBefore,
    checkinMaxMinutesBefore: s.checkinMaxMinutesBefore,
    checkinAutoCheckoutMinutes: s.checkinAutoCheckoutMinutes,
  }),
  write: (v) => ({ settings: { ...v } }),
};

const blank = (v: string | null) => (v === null || v.trim() === '' ? null : v);

const company: Section<CompanySettings> = {
  entity: 'settings.company',
  read: (row, s) => ({
    companyName: row.companyName,
    invoiceAddress: row.invoiceAddress,
    vatNumber: row.vatNumber,
    registrationNumber: row.registrationNumber,
    companyVisible: s.companyVisible,
  }),
  write: (v) => ({
    columns: {
      companyName: blank(v.companyName),
      invoiceAddress: blank(v.invoiceAddress),
      vatNumber: blank(v.vatNumber),
      registrationNumber: blank(v.registrationNumber),
    },
    settings: { companyVisible: v.companyVisible },
  }),
};

const SECTIONS = { general, expenses, advanced, checkin, company } as const;
type SectionKey = keyof typeof SECTIONS;
type ValueOf<K extends SectionKey> = (typeof SECTIONS)[K] extends Section<infer T> ? T : never;

export async function readSection<K extends SectionKey>(ctx: AppContext, actor: Actor, key: K): Promise<ValueOf<K>> {
  requireAllowed(mayManageSettings(actor));
  const row = await accountRow(ctx.db, actor.accountId);
  return (SECTIONS[key] as Section<ValueOf<K>>).read(row, accountSettings(row.settings));
}

/**
 * Writes one page's values in one transaction (the account row locked, so two saves do not lose each other's
 * keys), logs before and after, and tells the account's open apps to reload their settings.
 */
export async function writeSection<K extends SectionKey>(
  ctx: AppContext,
  actor: Actor,
  key: K,
  value: ValueOf<K>,
): Promise<ValueOf<K>> {
  requireAllowed(mayManageSettings(actor));
  const section = SECTIONS[key] as Section<ValueOf<K>>;
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const row = await lockedAccount(tx, actor.accountId);
    const before = section.read(row, accountSettings(row.settings));
    const { columns = {}, settings = {} } = section.write(value);
    // Another country has other regions: its public holidays start nationwide.
    if (settings.country && settings.country !== accountSettings(row.settings).country) settings.holidayRegion = null;
    const [saved] = await tx
      .update(accounts)
      .set({ ...columns, settings: { ...row.settings, ...settings } })
      .where(eq(accounts.id, actor.accountId))
      .returning();
    const savedSettings = accountSettings(saved.settings);
    if (savedSettings.timeZone !== accountSettings(row.settings).timeZone)
      await moveItemsToTimeZone(tx, actor.accountId, savedSettings.timeZone);
    const now = section.read(saved, savedSettings);
    await recordActivity(tx, actor, { entity: section.entity, action: 'update', before, after: now });
    command.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'settings' });
    return now;
  });
}

/**
 * Roster items keep their local dates and times when the account's time zone changes; the instants those mean
 * (`start_at`, `end_at`, which overlap and rest are computed on) are recomputed in the new zone. Cleared first, so
 * the no-overlap constraint never compares a moved item with one not yet moved.
 */
async function moveItemsToTimeZone(tx: Tx, accountId: string, timeZone: string): Promise<void> {
  const timed = and(eq(rosterItems.accountId, accountId), isNotNull(rosterItems.fromMinutes));
  await tx.update(rosterItems).set({ startAt: null, endAt: null }).where(timed);
  await tx
    .update(rosterItems)
    .set({
      startAt: sql`(${rosterItems.date}::timestamp + make_interval(mins => ${rosterItems.fromMinutes})) at time zone ${timeZone}`,
      endAt: sql`(${rosterItems.date}::timestamp + make_interval(mins => ${rosterItems.untilMinutes}
        + case when ${rosterItems.untilMinutes} <= ${rosterItems.fromMinutes} then 1440 else 0 end)) at time zone ${timeZone}`,
    })
    .where(timed);
}

/** Check-ins need full addresses: the plannings (not archived or finished) that lack zip, address or city. */
export async function readCheckin(ctx: AppContext, actor: Actor): Promise<CheckinSettingsResponse> {
  const settings = await readSection(ctx, actor, 'checkin');
  const rows = await ctx.db
    .select()
    .from(locations)
    .where(eq(locations.accountId, actor.accountId))
    .orderBy(asc(locations.name));
  const incompleteLocations = rows
    .filter((l) => (l.status === 'active' || l.status === 'inactive') && (!l.zip || !l.address || !l.city))
    .map((l) => ({ id: l.id, name: l.name }));
  return { settings, incompleteLocations };
}

export async function writeCheckin(
  ctx: AppContext,
  actor: Actor,
  value: CheckinSettings,
): Promise<CheckinSettingsResponse> {
  await writeSection(ctx, actor, 'checkin', value);
  return readCheckin(ctx, actor);
}
