/**
 * Shared set-up of the roster API tests (not shipped behaviour): the sample companies on a fresh database, the ids
 * the tests use, account settings, extra members and dates far enough ahead to miss the sample roster.
 */
import type { AccountSettings, Role } from '@app/contracts';
import { addDays, now, todayIn, weekStart } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Agent, agentFor, createTestApp, signIn, type TestApp } from '../../../test/app';
import type { Db } from '../../db/client';
import {
  accounts,
  duties,
  locations,
  membershipDuties,
  membershipLocations,
  memberships,
  shifts,
  tags,
  users,
} from '../../db/schema';
import { createSession } from '../../platform/session';

export const TIME_ZONE = 'Europe/Berlin';

/** Today in the sample accounts' time zone. */
export const today = () => todayIn(TIME_ZONE);

/**
 * A Monday some weeks ahead: after the four weeks of sample roster and its availability, so a test's dates meet
 * nothing it did not put there itself. `day(week, weekday)` counts from it (weekday 0 = Monday; Sundays are left
 * out, some sample staff have a weekday default of unavailable on Sundays).
 */
export function futureDay(week: number, weekday = 0): string {
  if (weekday < 0 || weekday > 5) throw new Error('use Monday to Saturday');
  const base = weekStart(addDays(today(), 42), 'monday');
  return addDays(base, week * 7 + weekday);
}

export interface RosterIds {
  bistro: string;
  store: string;
  hq: string;
  cafe: string;
  catering: string;
  kitchen: string;
  service: string;
  bar: string;
  dishes: string;
  lead: string;
  early: string;
  middle: string;
  late: string;
  barista: string;
  firstAid: string;
  anna: string;
  emma: string;
  mia: string;
  leon: string;
  lukas: string;
  sophie: string;
  lea: string;
  emilia: string;
  jan: string;
  /** Inactive. */
  laura: string;
  planner: string;
  manager: string;
  owner: string;
  supervisor: string;
  storeLocation: string;
  storeDuty: string;
  storeShift: string;
  storeMember: string;
}

export interface RosterTest {
  t: TestApp;
  ids: RosterIds;
  planner: Agent;
  employee: Agent;
  /** Signs in a sample person by e-mail (password Welcome123). */
  as(email: string): Promise<Agent>;
  /** The owner, switched into Corner Store: the other account whose ids must answer 404. */
  storeOwner(): Promise<Agent>;
  /** Merges settings into the account's settings. */
  settings(patch: Partial<AccountSettings>, accountId?: string): Promise<void>;
  /** A membership id by e-mail. */
  memberId(email: string, accountName?: string): Promise<string>;
  /** Creates a planner item at Headquarter (unless given) and answers its id. */
  item(body: Record<string, unknown>): Promise<string>;
}

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`sample data lacks ${what}`);
  return row;
}

/** A membership id by e-mail (in the Bistro unless another account is named). */
export async function memberIdOf(db: Db, email: string, accountName = 'Bistro Central'): Promise<string> {
  const row = await one(
    db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(and(eq(users.email, email), eq(accounts.name, accountName))),
    email,
  );
  return row.id;
}

/**
 * The sample ids the roster's tests name (locations, duties, shifts, tags, people of both companies), each checked
 * to exist; the by-name maps of one account are `sampleIds` (test/sample.ts).
 */
export async function rosterIds(db: Db): Promise<RosterIds> {
  const account = (name: string) => one(db.select().from(accounts).where(eq(accounts.name, name)), name);
  const bistro = await account('Bistro Central');
  const store = await account('Corner Store');
  const loc = async (accountId: string, name: string) =>
    (
      await one(
        db
          .select()
          .from(locations)
          .where(and(eq(locations.accountId, accountId), eq(locations.name, name))),
        name,
      )
    ).id;
  const duty = async (accountId: string, identifier: string) =>
    (
      await one(
        db
          .select()
          .from(duties)
          .where(and(eq(duties.accountId, accountId), eq(duties.identifier, identifier))),
        identifier,
      )
    ).id;
  const shift = async (accountId: string, identifier: string) =>
    (
      await one(
        db
          .select()
          .from(shifts)
          .where(and(eq(shifts.accountId, accountId), eq(shifts.identifier, identifier))),
        identifier,
      )
    ).id;
  const tag = async (accountId: string, name: string) =>
    (
      await one(
        db
          .select()
          .from(tags)
          .where(and(eq(tags.accountId, accountId), eq(tags.name, name))),
        name,
      )
    ).id;
  const memberId = (email: string, accountName?: string) => memberIdOf(db, email, accountName);
  const ids: RosterIds = {
    bistro: bistro.id,
    store: store.id,
    hq: await loc(bistro.id, 'Headquarter'),
    cafe: await loc(bistro.id, 'Café am Markt'),
    catering: await loc(bistro.id, 'Catering Hafen'),
    kitchen: await duty(bistro.id, 'K'),
    service: await duty(bistro.id, 'SV'),
    bar: await duty(bistro.id, 'B'),
    dishes: await duty(bistro.id, 'D'),
    lead: await duty(bistro.id, 'SL'),
    early: await shift(bistro.id, 'E'),
    middle: await shift(bistro.id, 'M'),
    late: await shift(bistro.id, 'L'),
    barista: await tag(bistro.id, 'Barista'),
    firstAid: await tag(bistro.id, 'First aid'),
    anna: await memberId('anna.schmidt@example.com'),
    emma: await memberId('employee@example.com'),
    mia: await memberId('mia.schneider@example.com'),
    leon: await memberId('leon.fischer@example.com'),
    lukas: await memberId('lukas.mueller@example.com'),
    sophie: await memberId('sophie.koch@example.com'),
    lea: await memberId('lea.wagner@example.com'),
    emilia: await memberId('emilia.schulz@example.com'),
    jan: await memberId('jan.devries@example.com'),
    laura: await memberId('laura.krause@example.com'),
    planner: await memberId('planner@example.com'),
    manager: await memberId('manager@example.com'),
    owner: await memberId('owner@example.com'),
    supervisor: await memberId('supervisor@example.com'),
    storeLocation: await loc(store.id, 'Headquarter'),
    storeDuty: await duty(store.id, 'CA'),
    storeShift: await shift(store.id, 'E'),
    storeMember: await memberId('julia.lang@example.com', 'Corner Store'),
  };
  return ids;
}

export async function setUpRoster(): Promise<RosterTest> {
  const t = await createTestApp();
  const db = t.database.db;
  const [planner, employee] = await Promise.all([
    signIn(t.app, 'planner@example.com'),
    signIn(t.app, 'employee@example.com'),
  ]);
  const ids = await rosterIds(db);
  const bistro = { id: ids.bistro };
  const store = { id: ids.store };
  let storeOwner: Agent | null = null;
  return {
    t,
    ids,
    planner,
    employee,
    as: (email) => signIn(t.app, email),
    async storeOwner() {
      if (storeOwner) return storeOwner;
      const agent = await signIn(t.app, 'owner@example.com');
      const res = await agent.put(`/api/switch/account/${store.id}`, {});
      if (res.statusCode !== 200) throw new Error(`switch failed: ${res.statusCode} ${res.body}`);
      storeOwner = agent;
      return agent;
    },
    async settings(patch, accountId = bistro.id) {
      await db
        .update(accounts)
        .set({ settings: sql`${accounts.settings} || ${JSON.stringify(patch)}::jsonb` })
        .where(eq(accounts.id, accountId));
    },
    memberId: (email, accountName) => memberIdOf(db, email, accountName),
    async item(body) {
      let res = await planner.post('/api/items', { location: ids.hq, ...body });
      // A person set up on a duty they do not hold: the planner's "plan anyway" (lacks-duty.test.ts asks it).
      if (res.statusCode === 409 && res.json().code === 'ERR_LACKS_DUTY')
        res = await planner.post('/api/items', { location: ids.hq, ...body, confirmed: true });
      if (res.statusCode !== 200) throw new Error(`item not created: ${res.statusCode} ${res.body}`);
      return res.json().item.id as string;
    },
  };
}

/**
 * Creates active members of the Bistro at a location holding the given duties, each with a session of their own
 * (a login per person would meet the login rate limit), and answers their membership ids and agents.
 */
export async function extraMembers(
  r: RosterTest,
  input: { count: number; locationId: string; dutyIds: string[]; roles?: Role[]; prefix?: string },
): Promise<{ id: string; agent: Agent }[]> {
  const db = r.t.database.db;
  const prefix = input.prefix ?? 'extra';
  const created = await db.transaction(async (tx) => {
    const userRows = await tx
      .insert(users)
      .values(
        Array.from({ length: input.count }, (_, i) => ({
          email: `${prefix}.${i}@example.com`,
          fname: 'Extra',
          lname: `${prefix} ${i}`,
          locale: 'en',
          emailConfirmedAt: now(),
        })),
      )
      .returning();
    const memberRows = await tx
      .insert(memberships)
      .values(
        userRows.map((u) => ({
          accountId: r.ids.bistro,
          userId: u.id,
          roles: input.roles ?? ['user'],
          rights: ['colleagues.view', 'placeholders.signup'],
        })),
      )
      .returning();
    await tx
      .insert(membershipLocations)
      .values(memberRows.map((m) => ({ membershipId: m.id, locationId: input.locationId })));
    if (input.dutyIds.length) {
      await tx
        .insert(membershipDuties)
        .values(memberRows.flatMap((m) => input.dutyIds.map((dutyId) => ({ membershipId: m.id, dutyId }))));
    }
    return memberRows;
  });
  return Promise.all(
    created.map(async (m) => {
      const session = await db.transaction((tx) =>
        createSession(tx, {
          userId: m.userId,
          accountId: m.accountId,
          membershipId: m.id,
          locale: 'en',
        }),
      );
      return { id: m.id, agent: agentFor(r.t.app, session.token, session.csrfToken) };
    }),
  );
}
