import { DEFAULT_COST_CENTRE_NAME, DEFAULT_LOCATION_NAME, DEFAULT_SHIFTS, type ModuleKey } from '@app/contracts';
import { now } from '@app/domain';
import { count, eq } from 'drizzle-orm';
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
import { BISTRO_PEOPLE, type SamplePerson, STORE_PEOPLE } from './people';
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
  shifts: GASTRONOMY.shifts.map((s) => ({ ...s, name: s.name.en })),
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

async function userFor(tx: Tx, person: SamplePerson, passwordHash: string): Promise<string> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(users)
    .values({
      email: person.email,
      passwordHash,
      fname: person.fname,
      lname: person.lname,
      locale: person.locale ?? 'en',
      emailConfirmedAt: now(),
    })
    .returning({ id: users.id });
  return created.id;
}

async function createAccount(tx: Tx, spec: SampleAccount, passwordHash: string) {
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

  for (const [index, person] of spec.people.entries()) {
    const userId = await userFor(tx, person, passwordHash);
    const [membership] = await tx
      .insert(memberships)
      .values({
        accountId: account.id,
        userId,
        status: person.status ?? 'active',
        roles: person.roles,
        rights: person.rights ?? [],
        employeeNumber: String(1000 + index),
        hireDate: '2024-01-01',
        availabilityFlag:
          person.roles.includes('user') || person.roles.includes('freelancer') || person.roles.includes('supervisor'),
        balanceFlag: person.roles.includes('user'),
      })
      .returning({ id: memberships.id });
    const locIdx = person.locations ?? spec.locations.map((_, i) => i);
    if (locIdx.length) {
      await tx
        .insert(membershipLocations)
        .values(locIdx.map((i) => ({ membershipId: membership.id, locationId: locs[i].id })));
    }
    const held = dutyRows.filter((d) => person.duties.includes(d.identifier));
    if (held.length)
      await tx.insert(membershipDuties).values(held.map((d) => ({ membershipId: membership.id, dutyId: d.id })));
    const heldTags = tagRows.filter((t) => person.tags?.includes(t.name));
    if (heldTags.length)
      await tx.insert(membershipTags).values(heldTags.map((t) => ({ membershipId: membership.id, tagId: t.id })));
  }
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
    const bistro = await createAccount(tx, BISTRO, passwordHash);
    const store = await createAccount(tx, STORE, passwordHash);
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
