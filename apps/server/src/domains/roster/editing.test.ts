import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { accounts, duties, itemApplications, locations, memberships, shifts, users } from '../../db/schema';

let t: TestApp;
let planner: Agent;
let employee: Agent;
const ids = {} as {
  hq: string;
  cafe: string;
  kitchen: string;
  service: string;
  dishes: string;
  early: string;
  late: string;
  anna: string;
  emma: string;
  storeLocation: string;
  storeDuty: string;
  storeShift: string;
  storeMember: string;
};

async function idOf<T extends { id: string }>(rows: Promise<T[]>): Promise<string> {
  const [row] = await rows;
  return row.id;
}

async function memberId(email: string, accountName = 'Bistro Central') {
  const [row] = await t.database.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.email, email), eq(accounts.name, accountName)));
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  const db = t.database.db;
  const [bistro] = await db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
  const [store] = await db.select().from(accounts).where(eq(accounts.name, 'Corner Store'));
  const loc = (accountId: string, name: string) =>
    idOf(
      db
        .select()
        .from(locations)
        .where(and(eq(locations.accountId, accountId), eq(locations.name, name))),
    );
  const duty = (accountId: string, identifier: string) =>
    idOf(
      db
        .select()
        .from(duties)
        .where(and(eq(duties.accountId, accountId), eq(duties.identifier, identifier))),
    );
  const shift = (accountId: string, identifier: string) =>
    idOf(
      db
        .select()
        .from(shifts)
        .where(and(eq(shifts.accountId, accountId), eq(shifts.identifier, identifier))),
    );
  Object.assign(ids, {
    hq: await loc(bistro.id, 'Headquarter'),
    cafe: await loc(bistro.id, 'Café am Markt'),
    kitchen: await duty(bistro.id, 'K'),
    service: await duty(bistro.id, 'SV'),
    dishes: await duty(bistro.id, 'D'),
    early: await shift(bistro.id, 'E'),
    late: await shift(bistro.id, 'L'),
    anna: await memberId('anna.schmidt@example.com'),
    emma: await memberId('employee@example.com'),
    storeLocation: await loc(store.id, 'Headquarter'),
    storeDuty: await duty(store.id, 'CA'),
    storeShift: await shift(store.id, 'E'),
    storeMember: await memberId('julia.lang@example.com', 'Corner Store'),
  });
});
afterAll(async () => t.dispose());

/**
 * Creates an item. The people here are set up on items of duties they may not hold: that question
 * (ERR_LACKS_DUTY, lacks-duty.test.ts) is answered yes, so these tests meet the rule they are about.
 */
const create = (body: object) =>
  planner.post('/api/items', 'user' in body && !('confirmed' in body) ? { ...body, confirmed: true } : body);

describe('POST /api/items', () => {
  it('creates an open item from a shift, taking its times', async () => {
    const res = await create({ location: ids.hq, date: '2027-01-04', duty: ids.service, shift: ids.early });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({
      date: '2027-01-04',
      location: ids.hq,
      user: null,
      assigned: false,
      duty: ids.service,
      shift: ids.early,
      times: { from: '07:00', until: '15:00', break: 30 },
      stats: { minutes: 450 },
      conflicts: null,
      applications: [],
    });
  });

  it('creates an assigned overnight item from times', async () => {
    const res = await create({
      location: ids.hq,
      date: '2027-01-05',
      duty: ids.kitchen,
      times: { start: '22:00', end: '06:00', break: 30 },
      user: ids.anna,
    });
    expect(res.json().item).toMatchObject({
      user: ids.anna,
      times: { from: '22:00', until: '06:00' },
      stats: { minutes: 450 },
    });
    expect(res.json().stats[ids.anna]).toEqual({ minutes: 450, items: 1 });
  });

  it('refuses times that break the rules with their codes', async () => {
    const bad = async (times: object) =>
      (await create({ location: ids.hq, date: '2027-01-06', duty: ids.service, times })).json().code;
    expect(await bad({ start: '08:00', end: '08:00', break: 0 })).toBe('ERR_EQUAL');
    expect(await bad({ start: '08:00', end: '08:30', break: 60 })).toBe('ERR_NEGATIVE');
    expect(
      (
        await create({
          location: ids.hq,
          date: '2027-01-06',
          duty: ids.service,
          times: { start: '08:00', end: '16:00', break: 20 },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('refuses an item with nothing in it', async () => {
    expect((await create({ location: ids.hq, date: '2027-01-06' })).statusCode).toBe(422);
  });

  it('is for planners only', async () => {
    const res = await employee.post('/api/items', { location: ids.hq, date: '2027-01-06', duty: ids.service });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    for (const email of ['supervisor@example.com', 'observer@example.com', 'accountant@example.com']) {
      const agent = await signIn(t.app, email);
      expect(
        (await agent.post('/api/items', { location: ids.hq, date: '2027-01-06', duty: ids.service })).statusCode,
      ).toBe(403);
    }
  });
});

describe('PUT /api/items/{id}/user and the placement rules', () => {
  const item = async (body: object) => (await create({ location: ids.hq, ...body })).json().item.id as string;

  it('assigns a member, and choosing the same member again removes them', async () => {
    const id = await item({ date: '2027-02-01', duty: ids.service, shift: ids.early });
    const res = await planner.put(`/api/items/${id}/user`, { user: ids.emma });
    expect(res.json().item).toMatchObject({ user: ids.emma, assigned: true });
    expect(res.json().stats[ids.emma]).toEqual({ minutes: 450, items: 1 });
    const again = await planner.put(`/api/items/${id}/user`, { user: ids.emma });
    expect(again.json().item).toMatchObject({ user: null, assigned: false });
  });

  it('ERR_OVERLAP names the person', async () => {
    await item({
      date: '2027-02-02',
      duty: ids.service,
      times: { start: '08:00', end: '16:00', break: 0 },
      user: ids.anna,
    });
    const id = await item({ date: '2027-02-02', duty: ids.kitchen, times: { start: '15:00', end: '20:00', break: 0 } });
    const res = await planner.put(`/api/items/${id}/user`, { user: ids.anna });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ERR_OVERLAP', data: { user: 'Anna Schmidt' } });
  });

  it('ERR_EXISTING_FULL when the member has an item without times that day', async () => {
    await item({ date: '2027-02-03', duty: ids.service, user: ids.anna });
    const id = await item({ date: '2027-02-03', duty: ids.kitchen, shift: ids.late });
    expect((await planner.put(`/api/items/${id}/user`, { user: ids.anna })).json().code).toBe('ERR_EXISTING_FULL');
  });

  it('ERR_EXISTING_SHIFT when the member is on that shift already', async () => {
    await item({ date: '2027-02-04', duty: ids.service, shift: ids.early, user: ids.anna });
    const id = await item({ date: '2027-02-04', duty: ids.dishes, shift: ids.early });
    expect((await planner.put(`/api/items/${id}/user`, { user: ids.anna })).json().code).toBe('ERR_EXISTING_SHIFT');
  });

  it('ERR_OVERLAP_REST after a duty with rest hours, overrulable with confirmed=OVERRULE_REST', async () => {
    await item({ date: '2027-02-05', duty: ids.kitchen, shift: ids.late, user: ids.anna });
    const id = await item({ date: '2027-02-06', duty: ids.kitchen, shift: ids.early });
    const refused = await planner.put(`/api/items/${id}/user`, { user: ids.anna });
    expect(refused.json()).toMatchObject({ code: 'ERR_OVERLAP_REST', data: { confirmed: 'OVERRULE_REST' } });
    // The question names the duty that clashes and the rest that would remain.
    const data = refused.json().data;
    expect(typeof data.duty).toBe('string');
    expect(data.restHours).toBeGreaterThanOrEqual(0);
    expect(data.restHours).toBeLessThan(data.requiredHours);
    const overruled = await planner.put(`/api/items/${id}/user`, { user: ids.anna, confirmed: 'OVERRULE_REST' });
    expect(overruled.json().item.user).toBe(ids.anna);
  });

  it('changing times re-checks the assigned member', async () => {
    await item({
      date: '2027-02-08',
      duty: ids.dishes,
      times: { start: '08:00', end: '12:00', break: 0 },
      user: ids.anna,
    });
    const id = await item({
      date: '2027-02-08',
      duty: ids.dishes,
      times: { start: '13:00', end: '17:00', break: 0 },
      user: ids.anna,
    });
    expect((await planner.put(`/api/items/${id}/times`, { start: '11:00', end: '17:00', break: 0 })).json().code).toBe(
      'ERR_OVERLAP',
    );
    const ok = await planner.put(`/api/items/${id}/times`, { start: '12:00', end: '18:00', break: 30 });
    expect(ok.json().item.times).toEqual({ from: '12:00', until: '18:00', break: 30 });
  });

  it('answers 404 for a member of another account', async () => {
    const id = await item({ date: '2027-02-09', duty: ids.service });
    const res = await planner.put(`/api/items/${id}/user`, { user: ids.storeMember });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('other item edits', () => {
  const item = async (body: object) => (await create({ location: ids.hq, ...body })).json().item.id as string;

  it('sets a shift (taking its times), a duty, tags, notes and internal notes', async () => {
    const id = await item({ date: '2027-03-01', duty: ids.service });
    expect((await planner.put(`/api/items/${id}/shift`, { shift: ids.late })).json().item.times).toEqual({
      from: '15:00',
      until: '23:00',
      break: 30,
    });
    expect((await planner.put(`/api/items/${id}/duty`, { duty: ids.kitchen })).json().item.duty).toBe(ids.kitchen);
    expect((await planner.put(`/api/items/${id}/notes`, { notes: '  Bring keys ' })).json().item.notes).toBe(
      'Bring keys',
    );
    expect((await planner.put(`/api/items/${id}/notes`, { notes: '' })).json().item.notes).toBeNull();
    expect((await planner.put(`/api/items/${id}/notes`, { notes: 'x'.repeat(501) })).statusCode).toBe(422);
    expect((await planner.put(`/api/items/${id}/internal`, { internal: 'Trial day' })).json().item.internal).toBe(
      'Trial day',
    );
    const tag = (await planner.get(`/api/items?scope=planning&location=${ids.hq}&date=2027-03-01`)).json().tags;
    const tagIds = Object.keys(tag).slice(0, 2);
    expect((await planner.put(`/api/items/${id}/tags`, { tags: tagIds })).json().item.tags).toEqual(tagIds);
  });

  it('removing the last content deletes the item only with force', async () => {
    const id = await item({ date: '2027-03-02', times: { start: '08:00', end: '12:00', break: 0 } });
    const refused = await planner.delete(`/api/items/${id}/times`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ERR_LAST_CONTENT']);
    const forced = await planner.delete(`/api/items/${id}/times?force=true`);
    expect(forced.json().item).toBeNull();
    expect((await planner.put(`/api/items/${id}/notes`, { notes: 'x' })).statusCode).toBe(404);
  });

  it('removes times but keeps the item while a duty remains', async () => {
    const id = await item({ date: '2027-03-03', duty: ids.service, shift: ids.early });
    const res = await planner.delete(`/api/items/${id}/times`);
    expect(res.json().item).toMatchObject({ times: null, shift: null, duty: ids.service });
  });

  it('items with applicants refuse time, shift and removal', async () => {
    const id = await item({ date: '2027-03-04', duty: ids.service, shift: ids.early });
    await t.database.db.insert(itemApplications).values({ itemId: id, membershipId: ids.emma });
    expect((await planner.put(`/api/items/${id}/times`, { start: '08:00', end: '12:00', break: 0 })).json().code).toBe(
      'ERR_APPLICATIONS',
    );
    expect((await planner.put(`/api/items/${id}/shift`, { shift: ids.late })).json().code).toBe('ERR_APPLICATIONS');
    expect((await planner.delete(`/api/items/${id}`)).json().code).toBe('ERR_APPLICATIONS');
    expect((await planner.put(`/api/items/${id}/notes`, { notes: 'fine' })).statusCode).toBe(200);
  });

  it('deletes an item', async () => {
    const id = await item({ date: '2027-03-05', duty: ids.service });
    expect((await planner.delete(`/api/items/${id}`)).json().item).toBeNull();
  });

  it('every edit is refused to employees', async () => {
    const id = await item({ date: '2027-03-06', duty: ids.service });
    for (const [method, url, body] of [
      ['PUT', `/api/items/${id}/times`, { start: '08:00', end: '12:00', break: 0 }],
      ['DELETE', `/api/items/${id}/times`, undefined],
      ['PUT', `/api/items/${id}/shift`, { shift: ids.early }],
      ['DELETE', `/api/items/${id}/shift`, undefined],
      ['PUT', `/api/items/${id}/duty`, { duty: ids.kitchen }],
      ['PUT', `/api/items/${id}/user`, { user: ids.emma }],
      ['DELETE', `/api/items/${id}/user`, undefined],
      ['PUT', `/api/items/${id}/tags`, { tags: [] }],
      ['PUT', `/api/items/${id}/notes`, { notes: 'x' }],
      ['PUT', `/api/items/${id}/internal`, { internal: 'x' }],
      ['DELETE', `/api/items/${id}`, undefined],
    ] as const) {
      const res = await employee.request(method, url, body);
      expect([url, method, res.statusCode]).toEqual([url, method, 403]);
    }
  });
});

describe('tenant isolation', () => {
  it('another account’s ids answer 404 on every item route', async () => {
    const storeOwner = await signIn(t.app, 'owner@example.com');
    const init = (await storeOwner.get('/api/app/init')).json();
    const store = init.accounts.find((a: { name: string }) => a.name === 'Corner Store');
    await storeOwner.put(`/api/switch/account/${store.id}`, {});
    const foreign = (
      await storeOwner.post('/api/items', { location: ids.storeLocation, date: '2027-04-01', duty: ids.storeDuty })
    ).json().item.id;
    const own = (await create({ location: ids.hq, date: '2027-04-01', duty: ids.service })).json().item.id;
    await expectForeignIdsNotFound(planner, [
      {
        method: 'POST',
        url: '/api/items',
        body: { location: ids.storeLocation, date: '2027-04-01', duty: ids.service },
      },
      { method: 'POST', url: '/api/items', body: { location: ids.hq, date: '2027-04-01', duty: ids.storeDuty } },
      { method: 'PUT', url: `/api/items/${foreign}/times`, body: { start: '08:00', end: '12:00', break: 0 } },
      { method: 'DELETE', url: `/api/items/${foreign}/times` },
      { method: 'PUT', url: `/api/items/${foreign}/shift`, body: { shift: ids.early } },
      { method: 'PUT', url: `/api/items/${own}/shift`, body: { shift: ids.storeShift } },
      { method: 'DELETE', url: `/api/items/${foreign}/shift` },
      { method: 'PUT', url: `/api/items/${foreign}/duty`, body: { duty: ids.kitchen } },
      { method: 'PUT', url: `/api/items/${own}/duty`, body: { duty: ids.storeDuty } },
      { method: 'PUT', url: `/api/items/${foreign}/user`, body: { user: ids.emma } },
      { method: 'DELETE', url: `/api/items/${foreign}/user` },
      { method: 'PUT', url: `/api/items/${foreign}/tags`, body: { tags: [] } },
      { method: 'PUT', url: `/api/items/${foreign}/notes`, body: { notes: 'x' } },
      { method: 'PUT', url: `/api/items/${foreign}/internal`, body: { internal: 'x' } },
      { method: 'DELETE', url: `/api/items/${foreign}` },
    ]);
  });
});

describe('where hours and check-ins plug in', () => {
  it('a registered guard refuses with ERR_HOURS until the planner retries with force', async () => {
    const { registerItemChangeGuard } = await import('./checks');
    const { AppError } = await import('../../platform/errors');
    const unregister = registerItemChangeGuard(async (_tx, { change, force }) => {
      if ((change === 'user' || change === 'delete') && !force)
        throw new AppError('ERR_HOURS', { data: { force: true } });
    });
    try {
      const id = (await create({ location: ids.hq, date: '2027-05-03', duty: ids.service, user: ids.emma })).json().item
        .id;
      const refused = await planner.delete(`/api/items/${id}/user`);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'ERR_HOURS']);
      expect((await planner.delete(`/api/items/${id}/user?force=true`)).json().item.user).toBeNull();
      expect((await planner.delete(`/api/items/${id}`)).json().code).toBe('ERR_HOURS');
      expect((await planner.delete(`/api/items/${id}?force=true`)).json().item).toBeNull();
    } finally {
      unregister();
    }
  });
});

describe('dates and rights', () => {
  it('refuses a date that does not exist with 422', async () => {
    const res = await create({ location: ids.hq, date: '2027-02-30', duty: ids.service });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toHaveProperty('date');
  });

  it('employees sign into open items only with the right to sign up for placeholders', async () => {
    const id = (await create({ location: ids.hq, date: '2027-05-10', duty: ids.service })).json().item.id;
    await t.database.db
      .update(memberships)
      .set({ rights: ['colleagues.view'] })
      .where(eq(memberships.id, ids.emma));
    const refused = await employee.put(`/api/items/${id}/sign-in`);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    await t.database.db
      .update(memberships)
      .set({ rights: ['colleagues.view', 'placeholders.signup'] })
      .where(eq(memberships.id, ids.emma));
    expect((await employee.put(`/api/items/${id}/sign-in`)).json().item.user).toBe(ids.emma);
  });
});

describe('removing times', () => {
  it('is refused with ERR_OVERLAP_REMOVAL while the member has another item that day', async () => {
    const id = (
      await create({ location: ids.hq, date: '2027-05-17', duty: ids.dishes, shift: ids.early, user: ids.anna })
    ).json().item.id;
    await create({
      location: ids.hq,
      date: '2027-05-17',
      duty: ids.dishes,
      times: { start: '16:00', end: '20:00', break: 0 },
      user: ids.anna,
    });
    const res = await planner.delete(`/api/items/${id}/times`);
    expect(res.json()).toMatchObject({ code: 'ERR_OVERLAP_REMOVAL', data: { user: 'Anna Schmidt' } });
  });
});

describe('the planner restriction', () => {
  it('hides who is planned from a restricted planner', async () => {
    const id = (await create({ location: ids.hq, date: '2027-05-24', duty: ids.service, user: ids.emma })).json().item
      .id;
    const plannerId = (await planner.get('/api/app/init')).json().membership.id;
    await t.database.db.update(memberships).set({ plannerRestricted: true }).where(eq(memberships.id, plannerId));
    try {
      const body = (
        await planner.get(`/api/items?scope=planning&location=${ids.hq}&date=2027-05-24&period=day`)
      ).json();
      expect(body.items.find((i: { id: string }) => i.id === id)).toMatchObject({ user: null, assigned: true });
      expect(body.users[ids.emma].name).toBeNull();
      expect(body.users[plannerId].name).toBe('Paula Planner');
    } finally {
      await t.database.db.update(memberships).set({ plannerRestricted: false }).where(eq(memberships.id, plannerId));
    }
    const open = (await planner.get(`/api/items?scope=planning&location=${ids.hq}&date=2027-05-24&period=day`)).json();
    expect(open.items.find((i: { id: string }) => i.id === id).user).toBe(ids.emma);
  });
});
