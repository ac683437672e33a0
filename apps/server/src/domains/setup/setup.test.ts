import { now } from '@app/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import {
  accounts,
  authCodes,
  costCentres,
  duties,
  locations,
  membershipDuties,
  membershipLocations,
  memberships,
  outbox,
  setupDrafts,
  shiftLocations,
  shifts,
  users,
} from '../../db/schema';
import { SAMPLE_PASSWORD } from '../../sample/seed';
import { hashPassword } from '../auth/passwords';

let t: TestApp;
let passwordHash: string;
let bistroId: string;
beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(SAMPLE_PASSWORD);
  const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
  bistroId = bistro.id;
});
afterAll(async () => t.dispose());

let serial = 0;
/** A registered company whose setup is unfinished: its owner, a manager and an employee. */
async function pendingAccount(opts: { maxEmployees?: number | null } = {}) {
  serial += 1;
  const db = t.database.db;
  const [account] = await db
    .insert(accounts)
    .values({
      name: `Shop ${serial}`,
      status: 'trial',
      maxEmployees: opts.maxEmployees === undefined ? 25 : opts.maxEmployees,
      modules: ['roster'],
      settings: { locale: 'en' },
      setupComplete: false,
    })
    .returning();
  const emails: Record<'owner' | 'manager' | 'user', string> = {
    owner: `owner${serial}@shop.test`,
    manager: `manager${serial}@shop.test`,
    user: `user${serial}@shop.test`,
  };
  for (const role of ['owner', 'manager', 'user'] as const) {
    const [user] = await db
      .insert(users)
      .values({ email: emails[role], passwordHash, fname: role, lname: 'Shop', locale: 'de', emailConfirmedAt: now() })
      .returning();
    await db.insert(memberships).values({ accountId: account.id, userId: user.id, roles: [role], status: 'active' });
  }
  const owner = await signIn(t.app, emails.owner);
  return { account, emails, owner, url: `/api/accounts/${account.id}/setup` };
}

const walk = async (agent: Agent, url: string) => {
  const steps = [
    { step: 'welcome', goTo: 'account' },
    {
      step: 'account',
      goTo: 'company',
      data: { country: 'NL', timeZone: 'Europe/Amsterdam', locale: 'nl', weekStartsOn: 'sunday' },
    },
    { step: 'company', goTo: 'employees', data: { industry: 'retail', companyName: 'Hoekwinkel B.V.' } },
    {
      step: 'employees',
      goTo: 'functions',
      data: { list: `Anna Jansen <anna${serial}@shop.test>\nBram de Boer, bram${serial}@shop.test\nno address here` },
    },
  ];
  let last = null;
  for (const body of steps) {
    const res = await agent.put(url, body);
    expect(res.statusCode, res.body).toBe(200);
    last = res.json();
  }
  return last;
};

async function latestSetupMail(to: string) {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, 'setupLink')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const match = /\/wizard\/start\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no setup link to ${to}`);
  return { accountId: match[1], token: match[2] };
}

describe('the wizard state', () => {
  it('starts at welcome with the owner language and the defaults of no industry yet', async () => {
    const { owner, url, account, emails } = await pendingAccount();
    const res = await owner.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json();
    expect(state).toMatchObject({
      accountId: account.id,
      step: 'welcome',
      account: { country: 'DE', timeZone: 'Europe/Berlin', locale: 'de', weekStartsOn: 'monday' },
      company: { industry: null, companyName: account.name },
      employees: { list: '' },
      planRoom: 22,
      ownerEmail: emails.owner,
    });
    expect(state.functions.duties.map((d: { name: string }) => d.name)).toEqual(['Team', 'Teamleitung']);
    expect(state.modules.modules).toContain('roster');
  });

  it('keeps every step on the server, moves back and forth, and resumes on another sign-in', async () => {
    const { owner, url, emails } = await pendingAccount();
    const state = await walk(owner, url);
    expect(state.step).toBe('functions');
    // Retail's template, worded in the language chosen on the account step.
    expect(state.functions.duties.map((d: { identifier: string; name: string }) => [d.identifier, d.name])).toEqual([
      ['CA', 'Kassa'],
      ['SF', 'Verkoop'],
      ['ST', 'Magazijn'],
      ['SL', 'Shiftleider'],
    ]);
    expect(state.activities.shifts[0]).toMatchObject({
      identifier: 'O',
      name: 'Opening',
      start: '08:00',
      end: '14:00',
    });
    expect(state.modules.modules).toEqual(expect.arrayContaining(['roster', 'shifts', 'vacation', 'availability']));

    const back = await owner.put(url, {
      step: 'functions',
      goTo: 'employees',
      data: {
        duties: [
          { identifier: 'CA', name: 'Kassa', color: '#1098ad' },
          { identifier: 'BK', name: 'Bakkerij', color: '#e8590c' },
        ],
      },
    });
    expect(back.json().step).toBe('employees');
    const elsewhere = await signIn(t.app, emails.owner);
    const resumed = (await elsewhere.get(url)).json();
    expect(resumed.step).toBe('employees');
    expect(resumed.account).toEqual({
      country: 'NL',
      timeZone: 'Europe/Amsterdam',
      locale: 'nl',
      weekStartsOn: 'sunday',
    });
    expect(resumed.employees.list).toContain(`bram${serial}@shop.test`);
    expect(resumed.functions.duties.map((d: { identifier: string }) => d.identifier)).toEqual(['CA', 'BK']);
  });

  it('replaces the functions, activities and modules with the new industry defaults when the industry changes', async () => {
    const { owner, url } = await pendingAccount();
    await walk(owner, url);
    await owner.put(url, { step: 'functions', goTo: 'activities', data: { duties: [] } });
    const changed = (
      await owner.put(url, {
        step: 'company',
        goTo: 'employees',
        data: { industry: 'healthcare', companyName: 'Zorg' },
      })
    ).json();
    expect(changed.functions.duties.map((d: { identifier: string }) => d.identifier)).toEqual(['N', 'CA', 'R', 'DR']);
    expect(changed.activities.shifts.map((s: { identifier: string }) => s.identifier)).toEqual(['V', 'L', 'N']);
  });

  it('saves modules with everything they require', async () => {
    const { owner, url } = await pendingAccount();
    const res = await owner.put(url, { step: 'modules', goTo: 'done', data: { modules: ['checkins', 'vacation'] } });
    expect(res.json().modules.modules).toEqual(['roster', 'hours', 'availability', 'vacation', 'checkins']);
    expect(res.json().step).toBe('done');
  });

  it('refuses input a step does not take (422)', async () => {
    const { owner, url } = await pendingAccount();
    const bad = [
      {
        step: 'account',
        goTo: 'company',
        data: { country: 'XX', timeZone: 'Europe/Berlin', locale: 'en', weekStartsOn: 'monday' },
      },
      { step: 'company', goTo: 'employees', data: { industry: 'mining', companyName: 'X' } },
      {
        step: 'activities',
        goTo: 'modules',
        data: { shifts: [{ identifier: 'X', name: 'X', start: '25:00', end: '10:00', break: 30 }] },
      },
      { step: 'modules', goTo: 'done', data: { modules: ['teleport'] } },
      { step: 'nowhere', goTo: 'done' },
    ];
    for (const body of bad) expect((await owner.put(url, body)).statusCode).toBe(422);
  });
});

describe('completing the setup', () => {
  it('creates what was chosen in one go, invites the listed people and finishes the setup', async () => {
    const { owner, url, account } = await pendingAccount();
    await walk(owner, url);
    await owner.put(url, { step: 'modules', goTo: 'done', data: { modules: ['vacation', 'shifts', 'chats'] } });
    const res = await owner.post(`${url}/complete`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invited: 2 });
    const db = t.database.db;
    const [after] = await db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(after).toMatchObject({
      setupComplete: true,
      industry: 'retail',
      companyName: 'Hoekwinkel B.V.',
      modules: ['roster', 'availability', 'shifts', 'chats', 'vacation'],
    });
    expect(after.settings).toMatchObject({
      country: 'NL',
      timeZone: 'Europe/Amsterdam',
      locale: 'nl',
      weekStartsOn: 'sunday',
    });
    const locs = await db.select().from(locations).where(eq(locations.accountId, account.id));
    expect(locs.map((l) => l.name)).toEqual(['Winkel']);
    expect(await db.select().from(costCentres).where(eq(costCentres.accountId, account.id))).toMatchObject([
      { name: 'Winkel', isDefault: true },
    ]);
    expect((await db.select().from(duties).where(eq(duties.accountId, account.id))).map((d) => d.name)).toEqual([
      'Kassa',
      'Verkoop',
      'Magazijn',
      'Shiftleider',
    ]);
    const shiftRows = await db.select().from(shifts).where(eq(shifts.accountId, account.id));
    expect(shiftRows.map((s) => [s.identifier, s.startMinutes, s.endMinutes, s.breakMinutes])).toEqual([
      ['O', 480, 840, 30],
      ['S', 840, 1200, 30],
      ['HD', 540, 1080, 60],
    ]);
    expect(await db.select().from(shiftLocations).where(eq(shiftLocations.locationId, locs[0].id))).toHaveLength(3);
    // The owner and the invited people plan in the new planning.
    expect(
      await db.select().from(membershipLocations).where(eq(membershipLocations.locationId, locs[0].id)),
    ).toHaveLength(3);
    // The invited people hold every function chosen, so they can be planned at once; the owner holds none.
    const dutyRows = await db.select().from(duties).where(eq(duties.accountId, account.id));
    const held = await db
      .select()
      .from(membershipDuties)
      .where(
        inArray(
          membershipDuties.dutyId,
          dutyRows.map((d) => d.id),
        ),
      );
    expect(held).toHaveLength(2 * dutyRows.length);
    const invitations = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.accountId, account.id), eq(outbox.template, 'invitation')));
    expect(invitations.map((m) => [m.to, m.locale]).sort()).toEqual([
      [`anna${serial}@shop.test`, 'nl'],
      [`bram${serial}@shop.test`, 'nl'],
    ]);
    expect(await db.select().from(setupDrafts).where(eq(setupDrafts.accountId, account.id))).toEqual([]);
    const init = (await owner.get('/api/app/init')).json();
    expect(init.account.setupComplete).toBe(true);
  });

  it('answers SETUP_COMPLETED to a second completion and to every step afterwards', async () => {
    const { owner, url } = await pendingAccount();
    expect((await owner.post(`${url}/complete`)).statusCode).toBe(200);
    for (const res of [
      await owner.post(`${url}/complete`),
      await owner.get(url),
      await owner.put(url, { step: 'welcome', goTo: 'account' }),
      await owner.post(`${url}/link`),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([409, 'SETUP_COMPLETED']);
    }
  });

  it('with no step saved, starts from the account settings and the defaults of "other"', async () => {
    const { owner, url, account } = await pendingAccount();
    expect((await owner.post(`${url}/complete`)).json()).toMatchObject({ invited: 0 });
    const [after] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(after.industry).toBe('other');
    expect(
      (await t.database.db.select().from(duties).where(eq(duties.accountId, account.id))).map((d) => d.name),
    ).toEqual(['Team', 'Teamleitung']);
  });

  it('honours the plan limit: people beyond it are not invited', async () => {
    const { owner, url, account } = await pendingAccount({ maxEmployees: 4 });
    expect((await owner.get(url)).json().planRoom).toBe(1);
    await walk(owner, url);
    expect((await owner.post(`${url}/complete`)).json()).toMatchObject({ invited: 1 });
    const active = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, account.id), eq(memberships.status, 'active')));
    expect(active).toHaveLength(4);
  });

  it('refuses the lot when a listed address belongs to someone already (EMAIL_TAKEN), and keeps the draft', async () => {
    const { owner, url, account } = await pendingAccount();
    await owner.put(url, { step: 'employees', goTo: 'functions', data: { list: 'Olivia Owner <owner@example.com>' } });
    const res = await owner.post(`${url}/complete`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'EMAIL_TAKEN']);
    const [after] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(after.setupComplete).toBe(false);
    expect(await t.database.db.select().from(locations).where(eq(locations.accountId, account.id))).toEqual([]);
    expect((await owner.get(url)).json().employees.list).toContain('owner@example.com');
  });
});

describe('who may', () => {
  it('refuses everyone but the owner (403)', async () => {
    const { url, emails } = await pendingAccount();
    for (const email of [emails.manager, emails.user]) {
      const agent = await signIn(t.app, email);
      for (const res of [
        await agent.get(url),
        await agent.put(url, { step: 'welcome', goTo: 'account' }),
        await agent.post(`${url}/complete`),
        await agent.post(`${url}/link`),
      ]) {
        expect([email, res.statusCode, res.json().code]).toEqual([email, 403, 'FORBIDDEN']);
      }
    }
  });

  it("answers another account's id with 404, for its owner too", async () => {
    const { owner, url } = await pendingAccount();
    const other = `/api/accounts/${bistroId}/setup`;
    const bistroOwner = await signIn(t.app, 'owner@example.com');
    for (const [agent, target] of [
      [owner, other],
      [bistroOwner, url],
    ] as const) {
      for (const res of [
        await agent.get(target),
        await agent.put(target, { step: 'welcome', goTo: 'account' }),
        await agent.post(`${target}/complete`),
        await agent.post(`${target}/link`),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
      }
    }
  });
});

describe('the continue link', () => {
  const start = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/setup/start', payload: body as object });

  it('mails the owner a link that signs them in where they left off, once', async () => {
    const { owner, url, emails, account } = await pendingAccount();
    await walk(owner, url);
    expect((await owner.post(`${url}/link`)).statusCode).toBe(200);
    const link = await latestSetupMail(emails.owner);
    expect(link.accountId).toBe(account.id);
    const res = await start(link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ twoFactor: 'none' });
    const cookie = res.cookies.find((c) => c.name === 'sid')!.value;
    const resumed = await t.app.inject({ method: 'GET', url, cookies: { sid: cookie } });
    expect(resumed.json().step).toBe('functions');

    const again = await start(link);
    expect([again.statusCode, again.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
  });

  it('answers INVALID_CREDENTIALS to a wrong token, an expired one, and one of another account', async () => {
    const { owner, url, emails, account } = await pendingAccount();
    await owner.post(`${url}/link`);
    const link = await latestSetupMail(emails.owner);
    for (const body of [
      { accountId: account.id, token: 'x'.repeat(32) },
      { accountId: bistroId, token: link.token },
    ]) {
      const res = await start(body);
      expect([res.statusCode, res.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    }
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(now().getTime() - 1000) })
      .where(eq(authCodes.accountId, account.id));
    const expired = await start(link);
    expect([expired.statusCode, expired.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect((await start({ accountId: account.id, token: 'short' })).statusCode).toBe(422);
  });

  it('answers SETUP_COMPLETED once the setup is finished', async () => {
    const { owner, url, emails } = await pendingAccount();
    await owner.post(`${url}/link`);
    const link = await latestSetupMail(emails.owner);
    await owner.post(`${url}/complete`);
    const res = await start(link);
    expect([res.statusCode, res.json().code]).toEqual([409, 'SETUP_COMPLETED']);
  });
});

describe('signing in to an unfinished account', () => {
  it('tells the session the setup is unfinished, for the owner and the staff alike', async () => {
    const { owner, emails } = await pendingAccount();
    expect((await owner.get('/api/app/init')).json().account.setupComplete).toBe(false);
    const staff = await signIn(t.app, emails.user);
    expect((await staff.get('/api/app/init')).json().account.setupComplete).toBe(false);
  });
});
