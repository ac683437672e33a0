import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { accounts, memberContracts, memberships, outbox, users } from '../../db/schema';
import { rosterIds } from '../roster/testkit';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let employee: Agent;
let ids: Awaited<ReturnType<typeof rosterIds>> & {
  owner: string;
  manager: string;
  employee: string;
  hannah: string;
  storeMember: string;
};

async function membershipOf(email: string, accountId: string) {
  const [row] = await t.database.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.accountId, accountId)));
  return row.id;
}

async function codeFromMail(to: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, 'invitation')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const match = mail.text.match(/\/([A-Za-z0-9_-]{20,})(?:\s|$)/m);
  return match![1];
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  const sample = await rosterIds(t.database.db);
  ids = {
    ...sample,
    owner: await membershipOf('owner@example.com', sample.bistro),
    manager: await membershipOf('manager@example.com', sample.bistro),
    employee: await membershipOf('employee@example.com', sample.bistro),
    hannah: await membershipOf('hannah.weber@example.com', sample.bistro),
    storeMember: sample.storeMember,
  };
});
afterAll(async () => t.dispose());

const profileOf = async (agent: Agent, id: string) => {
  const res = await agent.get(`/api/members/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/members', () => {
  it('lists the team with holdings, states and the counts against the plan', async () => {
    const res = await owner.get('/api/members');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const emma = body.members.find((m: { email: string }) => m.email === 'employee@example.com');
    expect(emma).toMatchObject({ fname: 'Emma', state: 'active', roles: ['user'] });
    expect(emma.locationIds).toContain(ids.hq);
    expect(body.counts).toMatchObject({ max: 250 });
    expect(body.counts.active).toBe(body.members.filter((m: { state: string }) => m.state !== 'inactive').length);
    // Only the account's people.
    expect(body.members.some((m: { id: string }) => m.id === ids.storeMember)).toBe(false);
  });
  it('refuses members without user.edit', async () => {
    expect((await planner.get('/api/members')).statusCode).toBe(403);
    expect((await employee.get('/api/members')).statusCode).toBe(403);
  });
});

describe('PUT /api/members/{id}', () => {
  it('saves personal data, job, contact, salary and bank details', async () => {
    const before = await profileOf(owner, ids.hannah);
    const res = await owner.put(`/api/members/${ids.hannah}`, {
      ...before.profile,
      jobTitle: 'Head waiter',
      phone: '+49 30 1234567',
      salaryKind: 'hourly',
      rateCents: 1450,
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      hireDate: '2022-03-01',
      endDate: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      jobTitle: 'Head waiter',
      rateCents: 1450,
      iban: 'DE89370400440532013000',
      salaryKind: 'hourly',
    });
  });
  it('answers 422 on the fields: a bad IBAN, an end before the hire date', async () => {
    const before = await profileOf(owner, ids.hannah);
    const res = await owner.put(`/api/members/${ids.hannah}`, {
      ...before.profile,
      iban: 'nope',
      hireDate: '2024-05-01',
      endDate: '2024-04-01',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toMatchObject({ iban: ['team.ibanInvalid'], endDate: ['validation.endBeforeStart'] });
  });
  it('keeps the e-mail of a registered person', async () => {
    const before = await profileOf(owner, ids.hannah);
    expect(before.emailLocked).toBe(true);
    const res = await owner.put(`/api/members/${ids.hannah}`, { ...before.profile, email: 'other@example.com' });
    expect([res.statusCode, res.json().fields?.email]).toEqual([422, ['team.emailLocked']]);
  });
  it("keeps one's own name and birthday once set", async () => {
    const mine = await profileOf(manager, ids.manager);
    expect(mine.self).toBe(true);
    const res = await manager.put(`/api/members/${ids.manager}`, { ...mine.profile, fname: 'Someone' });
    expect([res.statusCode, res.json().fields?.fname]).toEqual([422, ['team.lockedOwn']]);
  });
  it('keeps login access for owners', async () => {
    const o = await profileOf(owner, ids.owner);
    const res = await owner.put(`/api/members/${ids.owner}`, { ...o.profile, access: 'no' });
    expect([res.statusCode, res.json().fields?.access]).toEqual([422, ['team.ownerAccess']]);
  });
});

describe('PUT /api/members/{id}/access', () => {
  const access = (over: Record<string, unknown> = {}) => ({
    roles: ['user'],
    rights: ['colleagues.view'],
    managerLimited: false,
    plannerRestricted: false,
    planningScope: 'all',
    scopeLocationIds: [],
    scopeDutyIds: [],
    ...over,
  });
  it('grants rights and restricts plannings', async () => {
    const res = await owner.put(
      `/api/members/${ids.hannah}/access`,
      access({ roles: ['planner'], rights: ['hours.own'], planningScope: 'some', scopeLocationIds: [ids.hq] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access).toMatchObject({
      roles: ['planner'],
      rights: ['hours.own'],
      planningScope: 'some',
      scopeLocationIds: [ids.hq],
    });
  });
  it('a planner restricted to some plannings reads only their rosters', async () => {
    const hannah = await signIn(t.app, 'hannah.weber@example.com');
    const own = await hannah.get(`/api/items?scope=planning&location=${ids.hq}&period=week`);
    expect(own.statusCode).toBe(200);
    const other = await hannah.get(`/api/items?scope=planning&location=${ids.cafe}&period=week`);
    expect([other.statusCode, other.json().code]).toEqual([403, 'FORBIDDEN']);
    // Nor does she write there: new items, releases, item edits.
    const date = '2049-06-01';
    const item = await hannah.post('/api/items', { location: ids.cafe, date, duty: ids.service });
    expect(item.statusCode).toBe(403);
    expect((await hannah.post('/api/items', { location: ids.hq, date, duty: ids.service })).statusCode).toBe(200);
    expect((await hannah.put(`/api/locations/${ids.cafe}/release`, { date })).statusCode).toBe(403);
    const cafeItem = await owner.post('/api/items', { location: ids.cafe, date, duty: ids.service });
    const edit = await hannah.put(`/api/items/${cafeItem.json().item.id}/notes`, { notes: 'x' });
    expect(edit.statusCode).toBe(403);
    // Restricted by duties too: she plans the bar, not the service.
    await owner.put(
      `/api/members/${ids.hannah}/access`,
      access({ roles: ['planner'], planningScope: 'some', scopeLocationIds: [ids.hq], scopeDutyIds: [ids.bar] }),
    );
    expect((await hannah.post('/api/items', { location: ids.hq, date, duty: ids.service })).statusCode).toBe(403);
    const bar = await hannah.post('/api/items', { location: ids.hq, date, duty: ids.bar });
    expect(bar.statusCode).toBe(200);
    expect((await hannah.put(`/api/items/${bar.json().item.id}/duty`, { duty: ids.service })).statusCode).toBe(403);
    await owner.put(`/api/members/${ids.hannah}/access`, access());
  });
  it('needs at least one planning for "some", and ids of the account', async () => {
    const none = await owner.put(`/api/members/${ids.hannah}/access`, access({ planningScope: 'some' }));
    expect([none.statusCode, none.json().fields?.scopeLocationIds]).toEqual([422, ['validation.required']]);
    const foreign = await owner.put(
      `/api/members/${ids.hannah}/access`,
      access({ planningScope: 'some', scopeLocationIds: [ids.storeLocation] }),
    );
    expect([foreign.statusCode, foreign.json().fields?.scopeLocationIds]).toEqual([422, ['validation.unknownIds']]);
  });
  it('refuses changing one’s own access, and managers making owners', async () => {
    expect((await manager.put(`/api/members/${ids.manager}/access`, access())).statusCode).toBe(403);
    expect((await manager.put(`/api/members/${ids.hannah}/access`, access({ roles: ['owner'] }))).statusCode).toBe(403);
  });
  it('an owner makes and unmakes owners; a manager unmakes none', async () => {
    await owner.put(`/api/members/${ids.hannah}/access`, access({ roles: ['owner'] }));
    expect((await manager.put(`/api/members/${ids.hannah}/access`, access())).statusCode).toBe(403);
    const hannah = await signIn(t.app, 'hannah.weber@example.com');
    // Hannah, now an owner too, changes the sample's owner's rights, but never demotes the account holder.
    const rights = await hannah.put(`/api/members/${ids.owner}/access`, access({ roles: ['owner'] }));
    expect(rights.statusCode, rights.body).toBe(200);
    const demote = await hannah.put(`/api/members/${ids.owner}/access`, access({ roles: ['manager'] }));
    expect([demote.statusCode, demote.json().code]).toEqual([409, 'ACCOUNT_HOLDER']);
    expect((await owner.put(`/api/members/${ids.hannah}/access`, access())).statusCode).toBe(200);
  });
});

describe('deleting and deactivating', () => {
  it('refuses the account holder and the last owner', async () => {
    const holder = await manager.delete(`/api/members/${ids.owner}`);
    // A manager may not delete an owner at all; the owner may not delete themself.
    expect(holder.statusCode).toBe(403);
    expect((await owner.delete(`/api/members/${ids.owner}`)).statusCode).toBe(403);
    // A second owner tries to delete the account holder.
    await owner.put(`/api/members/${ids.hannah}/access`, {
      roles: ['owner'],
      rights: [],
      managerLimited: false,
      plannerRestricted: false,
      planningScope: 'all',
      scopeLocationIds: [],
      scopeDutyIds: [],
    });
    const hannah = await signIn(t.app, 'hannah.weber@example.com');
    const res = await hannah.delete(`/api/members/${ids.owner}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'ACCOUNT_HOLDER']);
    await t.database.db
      .update(memberships)
      .set({ roles: ['user'] })
      .where(eq(memberships.id, ids.hannah));
  });
  it('deletes a member: gone from the list, cannot sign in', async () => {
    const id = await membershipOf('noah.meyer@example.com', ids.bistro);
    expect((await manager.delete(`/api/members/${id}`)).statusCode).toBe(200);
    const list = (await owner.get('/api/members')).json();
    expect(list.members.some((m: { id: string }) => m.id === id)).toBe(false);
    expect((await owner.get(`/api/members/${id}`)).statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'noah.meyer@example.com', password: 'Welcome123' },
    });
    expect(login.statusCode).not.toBe(200);
  });
  it('reactivating takes a seat of the plan: refused when the plan is full', async () => {
    const id = await membershipOf('lea.wagner@example.com', ids.bistro);
    expect((await owner.put(`/api/memberships/${id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    expect((await owner.get(`/api/members/${id}`)).json().state).toBe('inactive');
    const { counts } = (await owner.get('/api/members')).json();
    await t.database.db.update(accounts).set({ maxEmployees: counts.active }).where(eq(accounts.id, ids.bistro));
    const full = await owner.put(`/api/memberships/${id}/status`, { status: 'active' });
    expect([full.statusCode, full.json().code, full.json().data.max]).toEqual([409, 'PLAN_LIMIT', counts.active]);
    await t.database.db.update(accounts).set({ maxEmployees: 250 }).where(eq(accounts.id, ids.bistro));
    expect((await owner.put(`/api/memberships/${id}/status`, { status: 'active' })).statusCode).toBe(200);
  });
});

describe('owners as targets: changed by owners only; the account holder stays', () => {
  const access = (roles: string[]) => ({
    roles,
    rights: [],
    managerLimited: false,
    plannerRestricted: false,
    planningScope: 'all',
    scopeLocationIds: [],
    scopeDutyIds: [],
  });
  const asOwner = (roles: string[]) =>
    t.database.db.update(memberships).set({ roles, status: 'active' }).where(eq(memberships.id, ids.hannah));
  afterAll(async () => asOwner(['user']));

  it('a manager changes no owner: status, profile, access, plannings, cost centres, contracts, picture', async () => {
    await asOwner(['owner']);
    const before = await profileOf(owner, ids.hannah);
    const refused = [
      await manager.put(`/api/memberships/${ids.hannah}/status`, { status: 'inactive' }),
      await manager.put(`/api/memberships/${ids.owner}/status`, { status: 'deleted' }),
      await manager.put(`/api/members/${ids.hannah}`, { ...before.profile, jobTitle: 'Nobody' }),
      await manager.put(`/api/members/${ids.hannah}/access`, access(['owner'])),
      await manager.put(`/api/members/${ids.hannah}/cost-centres`, { costCentreIds: [] }),
      await manager.put(`/api/memberships/${ids.hannah}/holdings`, { locationIds: [], dutyIds: [], tagIds: [] }),
      await manager.post(`/api/members/${ids.hannah}/contracts`, {
        startDate: '2031-01-01',
        endDate: null,
        type: 'part',
        weeklyMinutes: 600,
        schedule: 'flexible',
        dayMinutes: null,
        daysPerWeek: 2,
        vacationDays: 10,
        permanent: true,
        templateId: null,
      }),
      await manager.delete(`/api/memberships/${ids.hannah}/avatar`),
      await manager.delete(`/api/members/${ids.hannah}`),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 403));
    // Nothing changed: Hannah is still an active owner with her job.
    const after = await profileOf(owner, ids.hannah);
    expect([after.state, after.access.roles, after.profile.jobTitle]).toEqual([
      'active',
      ['owner'],
      before.profile.jobTitle,
    ]);
  });
  it('an owner changes another owner', async () => {
    await asOwner(['owner']);
    const before = await profileOf(owner, ids.hannah);
    const job = await owner.put(`/api/members/${ids.hannah}`, { ...before.profile, jobTitle: 'Co-owner' });
    expect(job.statusCode, job.body).toBe(200);
    expect((await owner.put(`/api/memberships/${ids.hannah}/status`, { status: 'inactive' })).statusCode).toBe(200);
    expect((await owner.put(`/api/memberships/${ids.hannah}/status`, { status: 'active' })).statusCode).toBe(200);
  });
  it('nobody deactivates, deletes or demotes the account holder', async () => {
    await asOwner(['owner']);
    const hannah = await signIn(t.app, 'hannah.weber@example.com');
    expect((await profileOf(hannah, ids.owner)).accountHolder).toBe(true);
    for (const status of ['inactive', 'deleted']) {
      const res = await hannah.put(`/api/memberships/${ids.owner}/status`, { status });
      expect([status, res.statusCode, res.json().code]).toEqual([status, 409, 'ACCOUNT_HOLDER']);
    }
    const demote = await hannah.put(`/api/members/${ids.owner}/access`, access(['manager']));
    expect([demote.statusCode, demote.json().code]).toEqual([409, 'ACCOUNT_HOLDER']);
    expect((await profileOf(owner, ids.owner)).state).toBe('active');
    expect((await owner.get('/api/app/init')).statusCode).toBe(200);
  });
});

describe('a person of several accounts: the identity is theirs', () => {
  let julia: string;
  beforeAll(async () => {
    // Julia works at Corner Store; the Bistro takes her on too (written straight, as an invitation refuses her).
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'julia.lang@example.com'));
    const [row] = await t.database.db
      .insert(memberships)
      .values({ accountId: ids.bistro, userId: user.id, roles: ['user'], status: 'active', access: 'yes' })
      .returning();
    julia = row.id;
  });
  it('the member page says so; name, address and language stay as they are, the account’s fields change', async () => {
    const before = await profileOf(manager, julia);
    expect([before.identityShared, before.emailLocked]).toEqual([true, true]);
    for (const change of [{ fname: 'Julie' }, { lname: 'Long' }, { locale: 'pl' }, { email: 'jl@example.com' }]) {
      const res = await manager.put(`/api/members/${julia}`, { ...before.profile, ...change });
      expect([res.statusCode, res.json().code, res.json().data]).toEqual([
        409,
        'IDENTITY_SHARED',
        { fields: Object.keys(change) },
      ]);
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'julia.lang@example.com'));
    expect([user.fname, user.lname, user.locale]).toEqual(['Julia', 'Lang', before.profile.locale]);
    const job = await manager.put(`/api/members/${julia}`, { ...before.profile, jobTitle: 'Weekend help' });
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().profile.jobTitle).toBe('Weekend help');
  });
  it('another owner of the Bistro does not rename the sample owner, who also owns Corner Store', async () => {
    await t.database.db
      .update(memberships)
      .set({ roles: ['owner'] })
      .where(eq(memberships.id, ids.hannah));
    try {
      const hannah = await signIn(t.app, 'hannah.weber@example.com');
      const olivia = await profileOf(hannah, ids.owner);
      expect(olivia.identityShared).toBe(true);
      const res = await hannah.put(`/api/members/${ids.owner}`, { ...olivia.profile, fname: 'Hacked' });
      expect([res.statusCode, res.json().code]).toEqual([409, 'IDENTITY_SHARED']);
      expect((await owner.get('/api/profile')).json().fname).toBe('Olivia');
    } finally {
      await t.database.db
        .update(memberships)
        .set({ roles: ['user'] })
        .where(eq(memberships.id, ids.hannah));
    }
  });
  it('a person of this account alone is renamed by it', async () => {
    const paul = await membershipOf('paul.hoffmann@example.com', ids.bistro);
    const before = await profileOf(owner, paul);
    expect(before.identityShared).toBe(false);
    const res = await owner.put(`/api/members/${paul}`, { ...before.profile, fname: 'Paulo', locale: 'nl' });
    expect(res.statusCode, res.body).toBe(200);
    await owner.put(`/api/members/${paul}`, before.profile);
  });
});

describe('invitations', () => {
  it('invites several people: each gets a mail in their language, follows the link and signs in', async () => {
    const res = await owner.post('/api/members/invitations', {
      people: [
        { fname: 'Joost', lname: 'Bakker', email: 'Joost.Bakker@example.com', locale: 'nl' },
        { fname: 'Ola', lname: 'Nowak', email: 'ola.nowak@example.com', locale: 'pl' },
      ],
      locationIds: [ids.hq],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invited.map((i: { email: string }) => i.email)).toEqual([
      'joost.bakker@example.com',
      'ola.nowak@example.com',
    ]);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.template, 'invitation'));
    expect(mails.find((m) => m.to === 'joost.bakker@example.com')?.locale).toBe('nl');
    expect(mails.find((m) => m.to === 'ola.nowak@example.com')?.subject).toBe('Zaproszenie do Bistro Central');
    const list = (await owner.get('/api/members')).json();
    const joost = list.members.find((m: { email: string }) => m.email === 'joost.bakker@example.com');
    expect(joost).toMatchObject({ state: 'invited', locationIds: [ids.hq] });

    const code = await codeFromMail('ola.nowak@example.com');
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/auth/invitations/${code}/accept`,
      payload: { password: 'Joined2024x' },
    });
    expect(accept.statusCode).toBe(200);
    await signIn(t.app, 'ola.nowak@example.com', 'Joined2024x');
    const ola = list.members.find((m: { email: string }) => m.email === 'ola.nowak@example.com');
    expect((await owner.get(`/api/members/${ola.id}`)).json().state).toBe('active');
    // Registered: nothing to resend.
    const again = await owner.post(`/api/members/${ola.id}/invitation`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_REGISTERED']);
  });
  it('resends an unfinished invitation: a new link, the old one void', async () => {
    const list = (await owner.get('/api/members')).json();
    const joost = list.members.find((m: { email: string }) => m.email === 'joost.bakker@example.com');
    const first = await codeFromMail('joost.bakker@example.com');
    expect((await owner.post(`/api/members/${joost.id}/invitation`)).statusCode).toBe(200);
    const second = await codeFromMail('joost.bakker@example.com');
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: `/api/auth/codes/${first}` });
    expect(old.statusCode).toBeGreaterThanOrEqual(400);
  });
  it('an invitation whose link ran out shows as expired', async () => {
    const list = (await owner.get('/api/members')).json();
    const joost = list.members.find((m: { email: string }) => m.email === 'joost.bakker@example.com');
    await t.database.db
      .update(memberships)
      .set({ invitedAt: new Date('2000-01-01T00:00:00Z') })
      .where(eq(memberships.id, joost.id));
    expect((await owner.get(`/api/members/${joost.id}`)).json().state).toBe('expired');
  });
  it('refuses an address held in another account, naming the rule, and sends nothing', async () => {
    const before = (await t.database.db.select().from(outbox)).length;
    const res = await owner.post('/api/members/invitations', {
      people: [
        { fname: 'Fresh', lname: 'One', email: 'fresh.one@example.com' },
        { fname: 'Julia', lname: 'Lang', email: 'julia.lang@example.com' },
      ],
    });
    // Only the address: nothing tells where the person works.
    expect([res.statusCode, res.json().code, res.json().data]).toEqual([
      409,
      'EMAIL_TAKEN',
      { emails: ['julia.lang@example.com'] },
    ]);
    expect((await t.database.db.select().from(outbox)).length).toBe(before);
    const [fresh] = await t.database.db.select().from(users).where(eq(users.email, 'fresh.one@example.com'));
    expect(fresh).toBeUndefined();
  });
  it('refuses an address of this account and a list naming one address twice', async () => {
    const here = await owner.post('/api/members/invitations', {
      people: [{ fname: 'Emma', lname: 'E', email: 'employee@example.com' }],
    });
    // The same answer as for an address of another company: the two cannot be told apart.
    expect([here.statusCode, here.json().code, here.json().data]).toEqual([
      409,
      'EMAIL_TAKEN',
      { emails: ['employee@example.com'] },
    ]);
    const twice = await owner.post('/api/members/invitations', {
      people: [
        { fname: 'A', lname: 'A', email: 'same@example.com' },
        { fname: 'B', lname: 'B', email: 'SAME@example.com' },
      ],
    });
    expect(twice.json()).toMatchObject({ code: 'EMAIL_TAKEN', data: { scope: 'list' } });
  });
  it('refuses past the plan’s maximum with its number', async () => {
    const { counts } = (await owner.get('/api/members')).json();
    await t.database.db
      .update(accounts)
      .set({ maxEmployees: counts.active + 1 })
      .where(eq(accounts.id, ids.bistro));
    const res = await owner.post('/api/members/invitations', {
      people: [
        { fname: 'A', lname: 'A', email: 'plan.a@example.com' },
        { fname: 'B', lname: 'B', email: 'plan.b@example.com' },
      ],
    });
    expect([res.statusCode, res.json().code, res.json().data.max]).toEqual([409, 'PLAN_LIMIT', counts.active + 1]);
    await t.database.db.update(accounts).set({ maxEmployees: 250 }).where(eq(accounts.id, ids.bistro));
  });
  it('answers 422 for a bad address', async () => {
    const res = await owner.post('/api/members/invitations', { people: [{ fname: 'A', lname: '', email: 'nope' }] });
    expect(res.statusCode).toBe(422);
  });
});

describe('contracts', () => {
  const contract = (over: Record<string, unknown> = {}) => ({
    startDate: '2025-01-01',
    endDate: null,
    type: 'part',
    weeklyMinutes: 20 * 60,
    schedule: 'flexible',
    dayMinutes: null,
    daysPerWeek: 3,
    vacationDays: 24,
    permanent: true,
    templateId: null,
    ...over,
  });
  it('adds, lists, changes and deletes a contract; the member reads their own', async () => {
    const member = await membershipOf('paul.hoffmann@example.com', ids.bistro);
    await t.database.db.delete(memberContracts).where(eq(memberContracts.membershipId, member));
    const created = await owner.post(`/api/members/${member}/contracts`, contract());
    expect(created.statusCode, created.body).toBe(200);
    // Not signed unless said so; the mark is set with the rest of the contract.
    expect(created.json().signed).toBe(false);
    const id = created.json().id;
    const fixed = contract({
      signed: true,
      schedule: 'fixed',
      dayMinutes: [480, 480, 480, 0, 0, 0, 0],
      daysPerWeek: null,
      weeklyMinutes: 1440,
    });
    const updated = await manager.put(`/api/contracts/${id}`, fixed);
    expect(updated.json()).toMatchObject({ schedule: 'fixed', weeklyMinutes: 1440, daysPerWeek: null, signed: true });
    const paul = await signIn(t.app, 'paul.hoffmann@example.com');
    expect((await paul.get(`/api/members/${member}/contracts`)).json().contracts).toHaveLength(1);
    expect((await paul.post(`/api/members/${member}/contracts`, contract())).statusCode).toBe(403);
    expect((await owner.get('/api/members')).json().members.find((m: { id: string }) => m.id === member)).toMatchObject(
      { contractMinutes: 1440 },
    );
    expect((await owner.delete(`/api/contracts/${id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/members/${member}/contracts`)).json().contracts).toHaveLength(0);
  });
  it('answers 422: overlapping contracts, a fixed week that does not add up, temporary without an end', async () => {
    const member = await membershipOf('paul.hoffmann@example.com', ids.bistro);
    await owner.post(`/api/members/${member}/contracts`, contract({ startDate: '2026-01-01' }));
    const overlap = await owner.post(
      `/api/members/${member}/contracts`,
      contract({ startDate: '2025-06-01', endDate: '2026-02-01', permanent: false }),
    );
    expect([overlap.statusCode, overlap.json().fields?.startDate]).toEqual([422, ['team.contractOverlap']]);
    const sum = await owner.post(
      `/api/members/${member}/contracts`,
      contract({ startDate: '2020-01-01', schedule: 'fixed', dayMinutes: [60, 0, 0, 0, 0, 0, 0], weeklyMinutes: 30 }),
    );
    expect(sum.json().fields?.weeklyMinutes).toEqual(['team.weekSum']);
    const temp = await owner.post(`/api/members/${member}/contracts`, contract({ permanent: false }));
    expect(temp.json().fields?.endDate).toEqual(['validation.required']);
  });
});

describe('tenant isolation', () => {
  it('another account’s ids answer 404 on every team route', async () => {
    const [storeContract] = await t.database.db
      .insert(memberContracts)
      .values({ accountId: ids.store, membershipId: ids.storeMember, startDate: '2025-01-01', type: 'full' })
      .returning();
    await expectForeignIdsNotFound(owner, [
      { method: 'GET', url: `/api/members/${ids.storeMember}` },
      { method: 'PUT', url: `/api/members/${ids.storeMember}/cost-centres`, body: { costCentreIds: [] } },
      { method: 'DELETE', url: `/api/members/${ids.storeMember}` },
      { method: 'POST', url: `/api/members/${ids.storeMember}/invitation` },
      { method: 'GET', url: `/api/members/${ids.storeMember}/contracts` },
      { method: 'DELETE', url: `/api/contracts/${storeContract.id}` },
    ]);
  });
});
