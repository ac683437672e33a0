import { DEFAULT_COST_CENTRE_NAME, DEFAULT_LOCATION_NAME, DEFAULT_SHIFTS, type ModuleKey } from '@app/contracts';
import { now } from '@app/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  accounts,
  costCentres,
  duties,
  locations,
  membershipDuties,
  membershipLocations,
  memberships,
  membershipTags,
  shiftLocations,
  shifts,
  tags,
  users,
} from '../db/schema';
import { hashPassword } from '../domains/auth/passwords';
import { GASTRONOMY } from '../domains/setup/templates';
import { seedSampleAbsence } from './absence';
import { seedSampleChats } from './chats';
import { seedSampleHours } from './hours';
import { seedLargeLocation } from './large';
import { seedSetupPending } from './pending';
import { BISTRO_PEOPLE, type EmailOf, type SamplePerson, STORE_PEOPLE, sampleEmail } from './people';
import { BISTRO_NEEDS, STORE_NEEDS, seedSampleRoster } from './roster';
import { seedSampleSettings } from './settings';
import { seedSampleTeam } from './team';
import { seedSampleVacation } from './vacation';

export const SAMPLE_PASSWORD = 'Welcome123';

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

interface SampleAccount {
  name: string;
  companyName: string;
  industry: string;
  modules: readonly ModuleKey[];
  locations: { name: string; zip: string; address: string; city: string }[];
  duties: { identifier: string; name: string; color: string; restHours: number }[];
  shifts: readonly { identifier: string; name: string; start: string; end: string; break: number }[];
  costCentre: { name: string; code: string };
  tags: string[];
  people: SamplePerson[];
}

/** Bistro Central is the gastronomy template of the setup wizard (domains/setup/templates), in English. */
const BISTRO: SampleAccount = {
  name: 'Bistro Central',
  companyName: 'Bistro Central GmbH',
  industry: GASTRONOMY.industry,
  modules: GASTRONOMY.modules,
  locations: [
    { name: GASTRONOMY.location.name.en, zip: '10115', address: 'Invalidenstraße 12', city: 'Berlin' },
    { name: 'Café am Markt', zip: '10178', address: 'Spandauer Straße 3', city: 'Berlin' },
    { name: 'Catering Hafen', zip: '10245', address: 'Stralauer Allee 7', city: 'Berlin' },
  ],
  duties: GASTRONOMY.duties.map((d) => ({ ...d, name: d.name.en })),
  shifts: GASTRONOMY.shifts.map((s) => ({ ...s, identifier: s.identifier.en, name: s.name.en })),
  costCentre: { name: GASTRONOMY.costCentre.name.en, code: GASTRONOMY.costCentre.code },
  tags: GASTRONOMY.tags.map((t) => t.en),
  people: BISTRO_PEOPLE,
};

const STORE: SampleAccount = {
  name: 'Corner Store',
  companyName: 'Corner Store B.V.',
  industry: 'retail',
  modules: ['roster', 'hours', 'availability', 'shifts', 'vacation', 'chats', 'university'],
  locations: [{ name: DEFAULT_LOCATION_NAME, zip: '1012 AB', address: 'Damrak 1', city: 'Amsterdam' }],
  duties: [
    { identifier: 'CA', name: 'Cashier', color: '#1098ad', restHours: 0 },
    { identifier: 'ST', name: 'Stock', color: '#f08c00', restHours: 0 },
  ],
  shifts: DEFAULT_SHIFTS,
  costCentre: { name: DEFAULT_COST_CENTRE_NAME, code: '1000' },
  tags: ['Key holder'],
  people: STORE_PEOPLE,
};

/** How one account of the sample is made: its people's addresses and passwords, and its place in the account life. */
interface SeedAs {
  emailOf: EmailOf;
  /** null: the people cannot sign in with a password (a demo's visitor is signed in by the demo itself). */
  passwordHash: string | null;
  account: Partial<typeof accounts.$inferInsert>;
}

/** The users of the sample's people, in their order: found by address, or created (in one insert). */
async function usersFor(tx: Tx, people: SamplePerson[], as: SeedAs): Promise<string[]> {
  const emails = people.map((p) => as.emailOf(p.email));
  const existing = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(existing.map((u) => [u.email, u.id]));
  const missing = people.filter((p) => !idOf.has(as.emailOf(p.email)));
  if (missing.length) {
    const created = await tx
      .insert(users)
      .values(
        missing.map((person) => ({
          email: as.emailOf(person.email),
          passwordHash: as.passwordHash,
          fname: person.fname,
          lname: person.lname,
          locale: person.locale ?? 'en',
          emailConfirmedAt: now(),
        })),
      )
      .returning({ id: users.id, email: users.email });
    for (const u of created) idOf.set(u.email, u.id);
  }
  return emails.map((e) => idOf.get(e) as string);
}

async function createAccount(tx: Tx, spec: SampleAccount, as: SeedAs) {
  const [account] = await tx
    .insert(accounts)
    .values({
      name: spec.name,
      companyName: spec.companyName,
      industry: spec.industry,
      status: 'active',
      plan: 'flex',
      maxEmployees: 250,
      modules: [...spec.modules],
      settings: { country: 'DE', timeZone: 'Europe/Berlin', unavailablePolicy: 'warn', contactsVisibility: 'private' },
      ...as.account,
    })
    .returning();
  const locs = await tx
    .insert(locations)
    .values(spec.locations.map((l) => ({ ...l, accountId: account.id })))
    .returning({ id: locations.id });
  const dutyRows = await tx
    .insert(duties)
    .values(spec.duties.map((d) => ({ ...d, accountId: account.id })))
    .returning({ id: duties.id, identifier: duties.identifier });
  const shiftRows = await tx
    .insert(shifts)
    .values(
      spec.shifts.map((s) => ({
        accountId: account.id,
        identifier: s.identifier,
        name: s.name,
        startMinutes: toMinutes(s.start),
        endMinutes: toMinutes(s.end),
        breakMinutes: s.break,
      })),
    )
    .returning({ id: shifts.id });
  await tx
    .insert(shiftLocations)
    .values(shiftRows.flatMap((s) => locs.map((l) => ({ shiftId: s.id, locationId: l.id }))));
  const tagRows = await tx
    .insert(tags)
    .values(spec.tags.map((name) => ({ name, accountId: account.id })))
    .returning({ id: tags.id, name: tags.name });
  await tx
    .insert(costCentres)
    .values({ accountId: account.id, name: spec.costCentre.name, code: spec.costCentre.code, isDefault: true });

  // One insert per table for all the people (a demo is made inside a web request).
  const userIds = await usersFor(tx, spec.people, as);
  const members = await tx
    .insert(memberships)
    .values(
      spec.people.map((person, index) => ({
        accountId: account.id,
        userId: userIds[index],
        status: person.status ?? 'active',
        roles: person.roles,
        rights: person.rights ?? [],
        employeeNumber: String(1000 + index),
        hireDate: '2024-01-01',
        availabilityFlag:
          person.roles.includes('user') || person.roles.includes('freelancer') || person.roles.includes('supervisor'),
        balanceFlag: person.roles.includes('user'),
        // The sample's people know the app already: no guided tour on their first sign-in.
        onboarding: false,
      })),
    )
    .returning({ id: memberships.id, userId: memberships.userId });
  const membershipOf = new Map(members.map((m) => [m.userId, m.id]));
  const locationLinks = spec.people.flatMap((person, index) =>
    (person.locations ?? spec.locations.map((_, i) => i)).map((i) => ({
      membershipId: membershipOf.get(userIds[index]) as string,
      locationId: locs[i].id,
    })),
  );
  const dutyLinks = spec.people.flatMap((person, index) =>
    dutyRows
      .filter((d) => person.duties.includes(d.identifier))
      .map((d) => ({ membershipId: membershipOf.get(userIds[index]) as string, dutyId: d.id })),
  );
  const tagLinks = spec.people.flatMap((person, index) =>
    tagRows
      .filter((t) => person.tags?.includes(t.name))
      .map((t) => ({ membershipId: membershipOf.get(userIds[index]) as string, tagId: t.id })),
  );
  if (locationLinks.length) await tx.insert(membershipLocations).values(locationLinks);
  if (dutyLinks.length) await tx.insert(membershipDuties).values(dutyLinks);
  if (tagLinks.length) await tx.insert(membershipTags).values(tagLinks);
  return account;
}

/** Creates the sample companies when the database holds no account yet. Answers whether it did. */
export async function seedSampleDataIfEmpty(db: Db, opts: { large?: boolean } = {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(accounts);
  if (n > 0) return false;
  await seedSampleData(db, { roster: true, large: opts.large });
  return true;
}

/**
 * The sample companies; `roster: false` leaves out the four weeks of roster and availability (most tests);
 * `large: true` adds the Event Hall to Bistro Central: 200 staff and a month of about 6,000 items (`large.ts`).
 */
export async function seedSampleData(db: Db, opts: { roster: boolean; large?: boolean } = { roster: true }) {
  // All sample people share one password, so one hash serves them all.
  const passwordHash = await hashPassword(SAMPLE_PASSWORD);
  return db.transaction(async (tx) => {
    const as: SeedAs = { emailOf: sampleEmail, passwordHash, account: {} };
    const bistro = await createAccount(tx, BISTRO, as);
    const store = await createAccount(tx, STORE, as);
    await seedSetupPending(tx, passwordHash);
    await seedSampleSettings(tx, bistro.id, now().getUTCFullYear());
    await seedSampleTeam(tx, bistro.id);
    await seedSampleChats(tx, bistro.id);
    if (opts.roster) {
      await seedSampleRoster(tx, bistro.id, 'Europe/Berlin', BISTRO_NEEDS);
      await seedSampleAbsence(tx, bistro.id, 'Europe/Berlin');
      await seedSampleRoster(tx, store.id, 'Europe/Berlin', STORE_NEEDS);
      await seedSampleVacation(tx, bistro.id);
      await seedSampleHours(tx, bistro.id, 'Europe/Berlin');
    }
    const large = opts.large ? await seedLargeLocation(tx, bistro.id, 'Europe/Berlin', passwordHash) : null;
    return { bistro, store, large };
  });
}

/**
 * A visitor's throwaway copy of the Bistro (the demo, docs/product/signup.md): the same staff, catalog, settings,
 * chats, four weeks of roster, absence, vacation and hours, with addresses of its own (`emailOf`) and no passwords.
 * Runs inside the caller's transaction; answers the account and the membership of its owner.
 */
export async function seedDemoCompany(
  tx: Tx,
  opts: { emailOf: EmailOf; account: Partial<typeof accounts.$inferInsert> },
): Promise<{ account: typeof accounts.$inferSelect; ownerMembershipId: string; ownerUserId: string }> {
  const account = await createAccount(tx, BISTRO, { emailOf: opts.emailOf, passwordHash: null, account: opts.account });
  await seedSampleSettings(tx, account.id, now().getUTCFullYear());
  await seedSampleTeam(tx, account.id, opts.emailOf);
  await seedSampleChats(tx, account.id, opts.emailOf);
  await seedSampleRoster(tx, account.id, 'Europe/Berlin', BISTRO_NEEDS);
  await seedSampleAbsence(tx, account.id, 'Europe/Berlin');
  await seedSampleVacation(tx, account.id, opts.emailOf);
  await seedSampleHours(tx, account.id, 'Europe/Berlin');
  const [owner] = await tx
    .select({ membershipId: memberships.id, userId: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, account.id), eq(users.email, opts.emailOf('owner@example.com'))));
  return { account, ownerMembershipId: owner.membershipId, ownerUserId: owner.userId };
}
