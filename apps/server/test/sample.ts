import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts, costCentres, duties, locations, memberships, shifts, tags, users } from '../src/db/schema';

/**
 * The one look-up of the sample data's ids for tests: a sample account's locations by name, duties and shifts by
 * identifier, tags and cost centres by name, memberships by e-mail. The roster's kit (roster/testkit.ts,
 * `rosterIds`) names the ones its tests use.
 */
export async function sampleIds(db: Db, accountName: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.name, accountName));
  const byKey = <T extends { id: string }>(rows: T[], key: (r: T) => string) =>
    Object.fromEntries(rows.map((r) => [key(r), r.id])) as Record<string, string>;
  const where = <T extends { accountId: unknown }>(t: T) => eq(t.accountId as never, account.id);
  const members = await db
    .select({ id: memberships.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, account.id));
  return {
    accountId: account.id,
    locations: byKey(await db.select().from(locations).where(where(locations)), (r) => r.name),
    duties: byKey(await db.select().from(duties).where(where(duties)), (r) => r.identifier),
    shifts: byKey(await db.select().from(shifts).where(where(shifts)), (r) => r.identifier),
    tags: byKey(await db.select().from(tags).where(where(tags)), (r) => r.name),
    costCentres: byKey(await db.select().from(costCentres).where(where(costCentres)), (r) => r.name),
    memberships: byKey(members, (r) => r.email),
  };
}
