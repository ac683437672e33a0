/**
 * The world the permission table runs in: the sample companies, a signed-in agent per kind of member (two of them
 * made here: a restricted planner and an employee without rights), and makers of fresh rows, so a request that
 * changes or deletes something acts on its own row and leaves the others valid.
 */
import type { ModuleKey, Role } from '@app/contracts';
import { addDays, now, todayIn, weekStart } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import {
  accountHolidays,
  accounts,
  contractTemplates,
  costCentres,
  dayComments,
  itemApplications,
  itemMessages,
  memberSettings,
  membershipDuties,
  membershipLocations,
  memberships,
  premiums,
  rates,
  rosterItems,
  tags,
  users,
} from '../../src/db/schema';
import { rosterIds } from '../../src/domains/roster/testkit';
import { createSession } from '../../src/platform/session';
import { type Agent, agentFor, createTestApp, type TestApp } from '../app';
import type { Who } from './table';
import { WHO } from './table';

const EMAILS: Partial<Record<Who, string>> = {
  owner: 'owner@example.com',
  manager: 'manager@example.com',
  planner: 'planner@example.com',
  supervisor: 'supervisor@example.com',
  observer: 'observer@example.com',
  accountant: 'accountant@example.com',
  biller: 'biller@example.com',
  freelancer: 'freelancer@example.com',
  employee: 'employee@example.com',
};

export interface Person {
  agent: Agent;
  membershipId: string;
  userId: string;
  email: string;
  fname: string;
  lname: string;
  /** A planning the person belongs to (the freelancer works at Catering, everyone else at Headquarter). */
  home: string;
}

export interface Fixture {
  t: TestApp;
  people: Record<Who, Person>;
  bistro: {
    id: string;
    hq: string;
    cafe: string;
    catering: string;
    service: string;
    early: string;
    barista: string;
    defaultCostCentre: string;
    /** An employee at Headquarter to plan, apply and write: nobody of the table. */
    staff: string;
    /** An employee whose holdings and status the table sets (to what they are). */
    target: string;
    /** A second owner, invited and not registered: an owner as the target of member changes. */
    coOwner: string;
    /** The account holder (the data controller): an owner nobody of the table is, so the table's owner may try. */
    holder: string;
  };
  /** A fresh owner of the Bistro, invited and not registered (for calls that take them out). */
  owner(): Promise<string>;
  store: {
    id: string;
    location: string;
    duty: string;
    shift: string;
    tag: string;
    costCentre: string;
    member: string;
    item: string;
    comment: string;
    message: string;
  };
  /** A fresh Monday-to-Saturday date far ahead of the sample roster; every call answers the next one. */
  nextDate(): string;
  /** A fresh timed item at Headquarter (unless told), of duty Service, then patched as asked. */
  item(patch?: Partial<typeof rosterItems.$inferInsert> & { location?: string }): Promise<string>;
  /**
   * A fresh location of the Bistro that nobody belongs to; asked for the restricted planner, it is put within their
   * restriction by plannings (which is Headquarter alone otherwise).
   */
  location(who?: Who): Promise<string>;
  /** A session of its own for the person (for calls that end or move the session). */
  freshAgent(who: Who): Promise<Agent>;
  /** Rows written straight into the tables, by the given author. */
  comment(authorId: string): Promise<string>;
  message(itemId: string, authorId: string): Promise<string>;
  application(itemId: string, membershipId: string): Promise<void>;
  /** Creates through the API as the owner and answers the new id. */
  create(url: string, body: unknown): Promise<string>;
  /** A fresh contract template of the Bistro. */
  template(): Promise<string>;
  /** Fresh rows of the settings pages in Corner Store. */
  foreignTemplate(): Promise<string>;
  foreignHoliday(): Promise<string>;
  foreignRate(): Promise<string>;
  foreignPremium(): Promise<string>;
}

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`sample data lacks ${what}`);
  return row;
}

/** The modules the sample leaves off whose routes the table checks. */
const TABLE_MODULES: readonly ModuleKey[] = [
  'checkins',
  'statistics',
  'dashboard',
  'planning',
  'clients',
  'projects',
  'resources',
  'freelancers',
  'company',
  'dossiers',
  'payslips',
];

export async function setUpPermissions(): Promise<Fixture> {
  const t = await createTestApp();
  const db = t.database.db;
  // The sample's ids, found the way the roster tests find them.
  const ids = await rosterIds(db);
  const bistro = { id: ids.bistro };
  const store = { id: ids.store };
  const { hq, cafe, catering, service } = ids;
  // Modules the sample leaves off that the table's routes belong to: switched on in both accounts (before any
  // session).
  for (const accountId of [bistro.id, store.id]) {
    const [row] = await db.select({ modules: accounts.modules }).from(accounts).where(eq(accounts.id, accountId));
    await db
      .update(accounts)
      .set({
        modules: [...new Set([...row.modules, ...TABLE_MODULES])],
      })
      .where(eq(accounts.id, accountId));
  }
  const passwordHash = (await one(db.select().from(users).where(eq(users.email, 'owner@example.com')), 'owner'))
    .passwordHash;

  /** A member made for the table: a user of their own at Headquarter holding Service, signed in by a session. */
  const makeMember = async (key: string, roles: Role[], rights: string[], plannerRestricted = false) => {
    const [user] = await db
      .insert(users)
      .values({
        email: `${key}@example.com`,
        fname: 'Table',
        lname: key,
        locale: 'en',
        emailConfirmedAt: now(),
        passwordHash,
      })
      .returning();
    const [membership] = await db
      .insert(memberships)
      .values({ accountId: bistro.id, userId: user.id, roles, rights, plannerRestricted })
      .returning();
    await db.insert(membershipLocations).values({ membershipId: membership.id, locationId: hq });
    await db.insert(membershipDuties).values({ membershipId: membership.id, dutyId: service });
    return { user, membership };
  };

  const sessionAgent = async (userId: string, membershipId: string) => {
    const session = await db.transaction((tx) =>
      createSession(tx, { userId, accountId: bistro.id, membershipId, locale: 'en' }),
    );
    return agentFor(t.app, session.token, session.csrfToken);
  };

  const made: Partial<Record<Who, Awaited<ReturnType<typeof makeMember>>>> = {
    restrictedPlanner: await makeMember('restricted.planner', ['planner'], [], true),
    employeeWithoutRight: await makeMember('no.rights', ['user'], []),
  };
  // The restricted planner is also restricted to one planning (Headquarter): Café am Markt and Catering are
  // plannings of their account outside it (the table's out-of-scope rows, scope.ts).
  const restrictedId = made.restrictedPlanner?.membership.id as string;
  await db
    .insert(memberSettings)
    .values({ membershipId: restrictedId, accountId: bistro.id, planningScope: 'some', scopeLocationIds: [hq] });
  const staff = (await makeMember('staff', ['user'], ['placeholders.signup'])).membership.id;
  const target = (await makeMember('target', ['user'], [])).membership.id;
  /** An owner written straight into the tables: invited, not registered (the invitation can be sent again). */
  let owners = 0;
  const makeOwner = async (key = `owner.${owners++}`) => {
    const [user] = await db
      .insert(users)
      .values({ email: `${key}@example.com`, fname: 'Table', lname: key, locale: 'en' })
      .returning();
    const [m] = await db
      .insert(memberships)
      .values({ accountId: bistro.id, userId: user.id, roles: ['owner'], access: 'yes' })
      .returning();
    return m.id;
  };
  const coOwner = await makeOwner('co.owner');
  // The account holder is an owner of the table's own making: the table's owner then tries to take them out.
  const holder = (await makeMember('holder', ['owner'], [])).membership.id;
  await db.update(accounts).set({ dataControllerId: holder }).where(eq(accounts.id, bistro.id));

  const people = {} as Record<Who, Person>;
  for (const who of WHO) {
    const email = EMAILS[who] ?? `${made[who]?.user.email}`;
    const row = await one(
      db
        .select({ membership: memberships, user: users })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(users.email, email), eq(memberships.accountId, bistro.id))),
      email,
    );
    // A session straight into the Bistro (the owner also belongs to Corner Store; logins are rate limited).
    people[who] = {
      agent: await sessionAgent(row.user.id, row.membership.id),
      membershipId: row.membership.id,
      userId: row.user.id,
      email,
      fname: row.user.fname,
      lname: row.user.lname,
      home: who === 'freelancer' ? catering : hq,
    };
  }
  const owner = people.owner.agent;

  const create = async (url: string, body: unknown) => {
    const res = await owner.post(url, body);
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const json = res.json();
    return (json.item?.id ?? json.id) as string;
  };

  // Corner Store's rows: made by its owner, acting there in a session of their own.
  const storeOwnerMembership = await one(
    db
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, store.id), eq(memberships.userId, people.owner.userId))),
    'store owner',
  );
  const storeSession = await db.transaction((tx) =>
    createSession(tx, {
      userId: people.owner.userId,
      accountId: store.id,
      membershipId: storeOwnerMembership.id,
      locale: 'en',
    }),
  );
  const storeOwner = agentFor(t.app, storeSession.token, storeSession.csrfToken);
  const storeLocation = ids.storeLocation;
  const storeMember = ids.storeMember;
  const base = weekStart(addDays(todayIn('Europe/Berlin'), 70), 'monday');
  let day = 0;
  const nextDate = () => {
    // Sundays are left out: some sample staff are unavailable on Sundays by default.
    if (day % 7 === 6) day++;
    return addDays(base, day++);
  };
  const storeDate = nextDate();
  const storeItemRes = await storeOwner.post('/api/items', {
    location: storeLocation,
    date: storeDate,
    duty: ids.storeDuty,
    times: { start: '09:00', end: '17:00', break: 30 },
  });
  const storeItem = storeItemRes.json().item.id as string;
  const storeComment = (
    await db
      .insert(dayComments)
      .values({ locationId: storeLocation, date: storeDate, membershipId: storeMember, message: 'store' })
      .returning()
  )[0].id;
  const storeMessage = (
    await db.insert(itemMessages).values({ itemId: storeItem, membershipId: storeMember, message: 'store' }).returning()
  )[0].id;
  const storeTag = (await db.insert(tags).values({ accountId: store.id, name: 'Store tag' }).returning())[0].id;
  const storeCostCentre = (
    await one(db.select().from(costCentres).where(eq(costCentres.accountId, store.id)), 'store cost centre')
  ).id;
  const defaultCostCentre = (
    await one(
      db
        .select()
        .from(costCentres)
        .where(and(eq(costCentres.accountId, bistro.id), eq(costCentres.isDefault, true))),
      'default cost centre',
    )
  ).id;
  const barista = ids.barista;

  return {
    t,
    people,
    bistro: {
      id: bistro.id,
      hq,
      cafe,
      catering,
      service,
      early: ids.early,
      barista,
      defaultCostCentre,
      staff,
      target,
      coOwner,
      holder,
    },
    owner: () => makeOwner(),
    store: {
      id: store.id,
      location: storeLocation,
      duty: ids.storeDuty,
      shift: ids.storeShift,
      tag: storeTag,
      costCentre: storeCostCentre,
      member: storeMember,
      item: storeItem,
      comment: storeComment,
      message: storeMessage,
    },
    nextDate,
    async item(patch = {}) {
      const { location = hq, ...rest } = patch;
      const res = await owner.post('/api/items', {
        location,
        date: nextDate(),
        duty: service,
        times: { start: '09:00', end: '17:00', break: 30 },
      });
      if (res.statusCode !== 200) throw new Error(`item: ${res.statusCode} ${res.body}`);
      const id = res.json().item.id as string;
      if (Object.keys(rest).length) await db.update(rosterItems).set(rest).where(eq(rosterItems.id, id));
      return id;
    },
    async location(who) {
      const id = await create('/api/locations', { name: `Pop-up ${day++}` });
      if (who === 'restrictedPlanner')
        await db
          .update(memberSettings)
          .set({ scopeLocationIds: sql`array_append(${memberSettings.scopeLocationIds}, ${id}::uuid)` })
          .where(eq(memberSettings.membershipId, restrictedId));
      return id;
    },
    freshAgent: (who) => sessionAgent(people[who].userId, people[who].membershipId),
    async comment(authorId) {
      const [row] = await db
        .insert(dayComments)
        .values({ locationId: hq, date: nextDate(), membershipId: authorId, message: 'comment' })
        .returning();
      return row.id;
    },
    async message(itemId, authorId) {
      const [row] = await db
        .insert(itemMessages)
        .values({ itemId, membershipId: authorId, message: 'note' })
        .returning();
      return row.id;
    },
    async application(itemId, membershipId) {
      await db.insert(itemApplications).values({ itemId, membershipId });
    },
    create,
    ...settingsRows(db, bistro.id, store.id, nextDate),
  };
}

/** Fresh rows of the settings pages (templates of the Bistro; holidays, rates, premiums, templates of the Store). */
function settingsRows(db: TestApp['database']['db'], bistroId: string, storeId: string, nextDate: () => string) {
  const template = async (accountId: string) =>
    (
      await db
        .insert(contractTemplates)
        .values({
          accountId,
          name: 'Template',
          fileName: 'template.doc',
          format: 'doc',
          size: 4,
          content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
          createdAt: now(),
        })
        .returning()
    )[0].id;
  return {
    template: () => template(bistroId),
    foreignTemplate: () => template(storeId),
    foreignHoliday: async () =>
      (await db.insert(accountHolidays).values({ accountId: storeId, date: nextDate(), name: 'Store' }).returning())[0]
        .id,
    foreignRate: async () =>
      (await db.insert(rates).values({ accountId: storeId, name: 'Store', hourlyCents: 1200 }).returning())[0].id,
    foreignPremium: async () =>
      (
        await db
          .insert(premiums)
          .values({ accountId: storeId, name: 'Store', percent: 10, weekdays: [7] })
          .returning()
      )[0].id,
  };
}
