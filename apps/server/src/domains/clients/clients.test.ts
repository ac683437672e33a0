import { addDays, instantOf, minutesOfHHmm, toRRule, weekdayOf } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, expectForeignIdsNotFound, type TestApp } from '../../../test/app';
import { setUpModules, switchModules } from '../../../test/modules';
import { clients, locations, projects, resources, rosterItems } from '../../db/schema';
import { type RosterIds, TIME_ZONE, today } from '../roster/testkit';
import { topUpProjects } from './jobs';

let t: TestApp;
let owner: Agent;
let planner: Agent;
let employee: Agent;
let ids: RosterIds;

beforeAll(async () => {
  ({ t, ids, owner, planner, employee } = await setUpModules(['planning', 'clients', 'projects']));
});
const modules = (accountId: string, on: boolean) =>
  switchModules(t.database.db, accountId, ['clients', 'projects'], on);
afterAll(async () => t.dispose());

const projectItems = (projectId: string) =>
  t.database.db.select().from(rosterItems).where(eq(rosterItems.projectId, projectId));

async function newClient(body: Record<string, unknown> = {}) {
  const res = await planner.post('/api/clients', { name: `Client ${Math.random()}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const start = () => addDays(today(), 1);
const weekly = (clientId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Fair stand',
  code: 'FS-1',
  clientId,
  locationId: ids.hq,
  startDate: start(),
  endDate: addDays(start(), 27),
  type: 'temporary',
  schedule: [
    { from: '08:00', until: '14:00', break: 30, people: 3, dutyId: ids.service },
    { from: '14:00', until: '20:00', break: 30, people: 3, dutyId: null },
  ],
  recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'SA'], position: null },
  ...extra,
});

describe('clients', () => {
  it('a planner creates a client with a monthly interval, contacts and a VAT number checked for its country', async () => {
    const res = await planner.post('/api/clients', {
      name: 'Messe Berlin',
      number: 'C-100',
      invoiceEmail: 'Billing@Messe.example',
      chamberOfCommerce: 'HRB 1234',
      vatNumber: 'de 123 456 789',
      invoiceInterval: 'monthly',
      contacts: [{ name: 'Petra Meyer', role: 'Events', email: 'petra@messe.example', phone: '+49 30 1' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      number: 'C-100',
      invoiceEmail: 'billing@messe.example',
      vatNumber: 'DE123456789',
      invoiceInterval: 'monthly',
      archived: false,
      contacts: [{ name: 'Petra Meyer' }],
      locations: [],
      projects: [],
    });
    const bad = await planner.post('/api/clients', { name: 'X', vatNumber: 'DE12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ vatNumber: ['subscriptionPage.errors.vatFormat'] });
    const noCountry = await planner.put(`/api/clients/${res.json().id}`, { vatNumber: 'XX123' });
    expect(noCountry.json().fields).toEqual({ vatNumber: ['subscriptionPage.errors.vatCountry'] });
    const taken = await planner.post('/api/clients', { name: 'Other', number: 'c-100' });
    expect(taken.json().fields).toEqual({ number: ['validation.taken'] });
    expect((await planner.post('/api/clients', { name: 'X', invoiceInterval: 'daily' })).statusCode).toBe(422);
  });

  it('lists by name, searches name and number, and keeps archived clients apart', async () => {
    const found = (await planner.get('/api/clients?q=c-10')).json().clients;
    expect(found.map((c: { name: string }) => c.name)).toEqual(['Messe Berlin']);
    const id = found[0].id;
    expect((await planner.put(`/api/clients/${id}`, { archived: true })).json().archived).toBe(true);
    expect((await planner.get('/api/clients?q=Messe')).json().clients).toEqual([]);
    expect((await planner.get('/api/clients?archived=true&q=Messe')).json().clients).toHaveLength(1);
    await planner.put(`/api/clients/${id}`, { archived: false });
  });

  it('deletes a client nothing belongs to; one with a project or a planning is archived instead', async () => {
    const lone = await newClient();
    expect((await planner.delete(`/api/clients/${lone.id}`)).statusCode).toBe(200);
    expect((await planner.get(`/api/clients/${lone.id}`)).statusCode).toBe(404);
    const busy = await newClient();
    await t.database.db.update(locations).set({ clientId: busy.id }).where(eq(locations.id, ids.cafe));
    expect((await planner.get(`/api/clients/${busy.id}`)).json().locations).toEqual([
      { id: ids.cafe, name: expect.any(String) },
    ]);
    const refused = await planner.delete(`/api/clients/${busy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ERR_CLIENT_IN_USE', data: { locations: 1, projects: 0 } });
    await t.database.db.update(locations).set({ clientId: null }).where(eq(locations.id, ids.cafe));
  });

  it("gives a planning one of the account's clients; another account's client is a field error", async () => {
    const mine = await newClient();
    const set = await planner.put(`/api/locations/${ids.cafe}`, { clientId: mine.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().clientId).toBe(mine.id);
    expect((await planner.get(`/api/clients/${mine.id}`)).json().locations).toEqual([
      { id: ids.cafe, name: expect.any(String) },
    ]);
    // A change of something else keeps the client.
    expect((await planner.put(`/api/locations/${ids.cafe}`, { zip: '10115' })).json().clientId).toBe(mine.id);
    const [foreign] = await t.database.db
      .insert(clients)
      .values({ accountId: ids.store, name: 'Store client' })
      .returning();
    const refused = await planner.put(`/api/locations/${ids.cafe}`, { clientId: foreign.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ clientId: ['validation.unknownIds'] });
    expect((await planner.put(`/api/locations/${ids.cafe}`, { clientId: null })).json().clientId).toBeNull();
  });

  it('is for planners, managers and owners, with the module on', async () => {
    expect((await employee.get('/api/clients')).statusCode).toBe(403);
    expect((await employee.post('/api/clients', { name: 'X' })).statusCode).toBe(403);
    expect((await owner.get('/api/clients')).statusCode).toBe(200);
    await modules(ids.bistro, false);
    const off = await planner.get('/api/clients');
    expect(off.json().code).toBe('MODULE_INACTIVE');
    expect((await planner.get('/api/projects')).json().code).toBe('MODULE_INACTIVE');
    await modules(ids.bistro, true);
  });
});

describe('projects', () => {
  let clientId: string;
  let projectId: string;
  beforeAll(async () => {
    clientId = (await newClient({ invoiceInterval: 'monthly' })).id;
  });

  it('puts a weekly project on the roster as open duties: each line once per person, at local times', async () => {
    const res = await planner.post('/api/projects', weekly(clientId));
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json();
    projectId = project.id;
    expect(project).toMatchObject({ clientId, locationId: ids.hq, type: 'temporary', endDate: addDays(start(), 27) });
    expect(project.rrule).toMatch(/^RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=/);
    const items = await projectItems(project.id);
    // Two weekdays for four weeks, two lines of three people.
    expect(items).toHaveLength(2 * 4 * 2 * 3);
    expect(project.upcoming).toEqual({ needed: 48, staffed: 0 });
    for (const item of items) {
      expect(item.membershipId).toBeNull();
      expect(item.locationId).toBe(ids.hq);
      expect(item.startAt?.getTime()).toBe(instantOf(item.date, item.fromMinutes ?? -1, TIME_ZONE));
    }
    expect(items.filter((i) => i.fromMinutes === minutesOfHHmm('08:00')).every((i) => i.dutyId === ids.service)).toBe(
      true,
    );
    expect((await planner.get(`/api/clients/${clientId}`)).json().projects).toEqual([
      { id: project.id, name: 'Fair stand' },
    ]);
    const list = (await planner.get(`/api/projects?clientId=${clientId}`)).json().projects;
    expect(list).toEqual([expect.objectContaining({ id: project.id, clientName: expect.any(String) })]);
  });

  it("names the project and its client on the roster's items, in the full and the compact load", async () => {
    const [first] = (await projectItems(projectId)).sort((a, b) => a.date.localeCompare(b.date));
    const url = `/api/items?scope=planning&location=${ids.hq}&date=${first.date}&period=day`;
    const load = (await planner.get(url)).json();
    const client = (await planner.get(`/api/clients/${clientId}`)).json();
    expect(load.projects[projectId]).toEqual({ id: projectId, name: 'Fair stand', client: client.name });
    expect(load.items.find((i: { id: string }) => i.id === first.id)).toMatchObject({ project: projectId });
    const compact = (await planner.get(`${url}&compact=1`)).json();
    expect(compact.items.find((i: unknown[]) => i[0] === first.id)[9]).toMatchObject({ project: projectId });
    const byHand = (await planner.get(`/api/items?scope=planning&location=${ids.cafe}&period=week`)).json();
    expect(byHand.projects).toBeUndefined();
  });

  it('shows the project in the planning overview: duties needed and staffed, hours, per client', async () => {
    const url = `/api/planning/overview?client=${clientId}&from=${start()}&until=${addDays(start(), 27)}`;
    const res = await planner.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const [group] = res.json().clients;
    expect(group).toMatchObject({ id: clientId, plannings: [] });
    expect(group.projects).toEqual([
      expect.objectContaining({
        id: projectId,
        name: 'Fair stand',
        locationId: ids.hq,
        needed: 48,
        staffed: 0,
        // Eight days, each with three people 08:00–14:00 and three 14:00–20:00, less 30 minutes' break.
        minutes: 48 * 330,
      }),
    ]);
    // The plannings without a client, and everything at once.
    const none = (await planner.get(`/api/planning/overview?client=none`)).json().clients;
    expect(none.map((c: { id: string | null }) => c.id)).toEqual([null]);
    expect(none[0].plannings.map((p: { id: string }) => p.id)).toContain(ids.hq);
    expect((await employee.get('/api/planning/overview')).statusCode).toBe(403);
    const wrong = await planner.get(`/api/planning/overview?from=${start()}&until=${addDays(start(), -1)}`);
    expect(wrong.json().fields).toEqual({ until: ['validation.range'] });
  });

  it('answers the client rule set as field errors and refuses unknown ids', async () => {
    const night = await planner.post(
      '/api/projects',
      weekly(clientId, { schedule: [{ from: '22:00', until: '06:00', break: 0, people: 1, dutyId: null }] }),
    );
    expect(night.json().fields).toEqual({ 'schedule.0.until': ['clients.errors.overnight'] });
    const noEnd = await planner.post('/api/projects', weekly(clientId, { endDate: null }));
    expect(noEnd.json().fields).toEqual({ endDate: ['validation.required'] });
    const people = await planner.post(
      '/api/projects',
      weekly(clientId, { schedule: [{ from: '08:00', until: '10:00', break: 0, people: 'three', dutyId: null }] }),
    );
    expect(people.statusCode).toBe(422);
    const repeat = await planner.post(
      '/api/projects',
      weekly(clientId, { recurrence: { frequency: 'weekly', interval: 0, weekdays: [], position: null } }),
    );
    expect(repeat.statusCode).toBe(422);
    const foreignClient = await planner.post('/api/projects', weekly(clientId, { locationId: ids.storeLocation }));
    expect(foreignClient.json().fields).toEqual({ locationId: ['validation.unknownIds'] });
    const foreignDuty = await planner.post(
      '/api/projects',
      weekly(clientId, { schedule: [{ from: '08:00', until: '10:00', break: 0, people: 1, dutyId: ids.storeDuty }] }),
    );
    expect(foreignDuty.json().fields).toEqual({ 'schedule.0.dutyId': ['validation.unknownIds'] });
  });

  it('a new schedule moves the open duties at once; staffed ones only after the planner confirms', async () => {
    const items = await projectItems(projectId);
    const staffed = items.find((i) => i.fromMinutes === minutesOfHHmm('14:00'));
    await t.database.db
      .update(rosterItems)
      .set({ membershipId: ids.emma })
      .where(eq(rosterItems.id, staffed?.id ?? ''));
    const body = {
      schedule: [
        { from: '08:00', until: '14:00', break: 30, people: 3, dutyId: ids.service },
        { from: '15:00', until: '21:00', break: 30, people: 2, dutyId: null },
      ],
    };
    const asked = await planner.put(`/api/projects/${projectId}`, body);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'ERR_PROJECT_STAFFED', data: { confirmed: true, count: 1 } });
    // Nothing changed while the question is open.
    expect(await projectItems(projectId)).toHaveLength(48);
    const done = await planner.put(`/api/projects/${projectId}`, { ...body, confirmed: true });
    expect(done.statusCode, done.body).toBe(200);
    const after = await projectItems(projectId);
    expect(after).toHaveLength(2 * 4 * (3 + 2));
    expect(after.every((i) => i.fromMinutes !== minutesOfHHmm('14:00'))).toBe(true);
    // The staffed duty stays on the roster with its person, outside the project.
    const [kept] = await t.database.db
      .select()
      .from(rosterItems)
      .where(eq(rosterItems.id, staffed?.id ?? ''));
    expect(kept).toMatchObject({ membershipId: ids.emma, projectId: null });
    await t.database.db.delete(rosterItems).where(eq(rosterItems.id, staffed?.id ?? ''));
  });

  it('keeps staffed duties that still fit, and changing the name alone touches no duty', async () => {
    const [one] = await projectItems(projectId);
    await t.database.db.update(rosterItems).set({ membershipId: ids.emma }).where(eq(rosterItems.id, one.id));
    const more = await planner.put(`/api/projects/${projectId}`, {
      schedule: [
        { from: '08:00', until: '14:00', break: 30, people: 4, dutyId: ids.service },
        { from: '15:00', until: '21:00', break: 30, people: 2, dutyId: null },
      ],
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().upcoming).toEqual({ needed: 2 * 4 * 6, staffed: 1 });
    const before = (await projectItems(projectId)).map((i) => i.id).sort();
    expect((await planner.put(`/api/projects/${projectId}`, { name: 'Fair stand 2' })).json().name).toBe(
      'Fair stand 2',
    );
    expect((await projectItems(projectId)).map((i) => i.id).sort()).toEqual(before);
  });

  it('an ongoing project is filled a year ahead; the daily job tops it up and is idempotent', async () => {
    const res = await planner.post(
      '/api/projects',
      weekly(clientId, {
        name: 'Cleaning',
        type: 'ongoing',
        endDate: null,
        schedule: [{ from: '18:00', until: '00:00', break: 0, people: 1, dutyId: null }],
        recurrence: { frequency: 'monthly', interval: 1, weekdays: ['FR'], position: -1 },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(res.json().filledUntil).toBe(addDays(today(), 365));
    const items = await projectItems(id);
    // A year from tomorrow holds eleven to thirteen last Fridays, whatever the day.
    expect(items.length).toBeGreaterThanOrEqual(11);
    expect(items.length).toBeLessThanOrEqual(13);
    expect(items.every((i) => weekdayOf(i.date) === 4 && addDays(i.date, 7).slice(5, 7) !== i.date.slice(5, 7))).toBe(
      true,
    );
    // A day later the window moved: the job adds what is missing, once.
    await t.database.db
      .update(projects)
      .set({ filledUntil: addDays(today(), 300) })
      .where(eq(projects.id, id));
    const last =
      items
        .map((i) => i.date)
        .sort()
        .at(-1) ?? '';
    await t.database.db.delete(rosterItems).where(and(eq(rosterItems.projectId, id), eq(rosterItems.date, last)));
    expect(await topUpProjects(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await projectItems(id)).toHaveLength(items.length);
    expect(await topUpProjects(t.ctx)).toBe(0);
    expect(await projectItems(id)).toHaveLength(items.length);
  });

  it('deleting a project takes its open duties off and leaves the staffed ones', async () => {
    const res = await planner.post('/api/projects', weekly(clientId, { name: 'Short' }));
    const id = res.json().id;
    const [one, ...rest] = await projectItems(id);
    await t.database.db.update(rosterItems).set({ membershipId: ids.mia }).where(eq(rosterItems.id, one.id));
    expect((await planner.delete(`/api/projects/${id}`)).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(rosterItems)
      .where(inArray(rosterItems.id, [one.id, ...rest.map((r) => r.id)]));
    expect(left.map((i) => [i.id, i.projectId])).toEqual([[one.id, null]]);
    await t.database.db.delete(rosterItems).where(eq(rosterItems.id, one.id));
  });

  it("refuses members who do not plan, and answers 404 for another account's clients and projects", async () => {
    expect((await employee.get(`/api/projects/${projectId}`)).statusCode).toBe(403);
    expect((await employee.put(`/api/projects/${projectId}`, { name: 'X' })).statusCode).toBe(403);
    const [foreignClient] = await t.database.db
      .insert(clients)
      .values({ accountId: ids.store, name: 'Store client' })
      .returning();
    const [foreignProject] = await t.database.db
      .insert(projects)
      .values({
        accountId: ids.store,
        clientId: foreignClient.id,
        locationId: ids.storeLocation,
        name: 'Store project',
        startDate: today(),
        schedule: [{ from: '08:00', until: '12:00', break: 0, people: 1, dutyId: null }],
        rrule: toRRule({ frequency: 'daily', interval: 1, weekdays: [], position: null }, today()),
      })
      .returning();
    await expectForeignIdsNotFound(planner, [
      { method: 'GET', url: `/api/clients/${foreignClient.id}` },
      { method: 'PUT', url: `/api/clients/${foreignClient.id}`, body: { name: 'X' } },
      { method: 'DELETE', url: `/api/clients/${foreignClient.id}` },
      { method: 'GET', url: `/api/projects/${foreignProject.id}` },
      { method: 'PUT', url: `/api/projects/${foreignProject.id}`, body: { name: 'X' } },
      { method: 'DELETE', url: `/api/projects/${foreignProject.id}` },
    ]);
    const viaForeignClient = await planner.post('/api/projects', weekly(foreignClient.id));
    expect(viaForeignClient.json().fields).toEqual({ clientId: ['validation.unknownIds'] });
    expect((await planner.get('/api/projects')).json().projects.map((p: { id: string }) => p.id)).not.toContain(
      foreignProject.id,
    );
  });
});

describe('drivers and passengers', () => {
  it("a line's vehicle goes on its duties: the first person drives, the others ride, and one ride is no double booking", async () => {
    const clientId = (await newClient()).id;
    await switchModules(t.database.db, ids.bistro, ['resources'], true);
    const [van] = await t.database.db
      .insert(resources)
      .values({ accountId: ids.bistro, name: 'Ride van', kind: 'vehicle', capacity: 9 })
      .returning();
    const [foreignVan] = await t.database.db
      .insert(resources)
      .values({ accountId: ids.store, name: 'Store van', kind: 'vehicle' })
      .returning();
    const body = weekly(clientId, {
      name: 'Ride',
      startDate: addDays(start(), 60),
      endDate: addDays(start(), 66),
      travelRoles: true,
      schedule: [{ from: '06:00', until: '10:00', break: 0, people: 3, dutyId: null, resourceId: van.id }],
      recurrence: { frequency: 'daily', interval: 1, weekdays: [], position: null },
    });
    // Another account's vehicle is an unknown id.
    const foreign = await planner.post('/api/projects', {
      ...body,
      schedule: [{ ...body.schedule[0], resourceId: foreignVan.id }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields).toEqual({ 'schedule.0.resourceId': ['validation.unknownIds'] });

    const res = await planner.post('/api/projects', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ travelRoles: true, schedule: [{ resourceId: van.id }] });
    const items = await projectItems(res.json().id);
    expect(items).toHaveLength(7 * 3);
    for (const date of new Set(items.map((i) => i.date))) {
      const day = items.filter((i) => i.date === date);
      expect(day.map((i) => i.travelRole).sort()).toEqual(['driver', 'passenger', 'passenger']);
      expect(day.every((i) => i.resourceId === van.id && !i.conflicts.includes('RESOURCE'))).toBe(true);
    }
    // The load names the role, in the full and the compact form.
    const first = items.find((i) => i.travelRole === 'driver');
    const url = `/api/items?scope=planning&location=${ids.hq}&date=${first?.date}&period=day`;
    expect((await planner.get(url)).json().items.find((i: { id: string }) => i.id === first?.id)).toMatchObject({
      resource: van.id,
      travelRole: 'driver',
    });
    const compact = (await planner.get(`${url}&compact=1`)).json();
    expect(compact.items.find((i: unknown[]) => i[0] === first?.id)[9]).toMatchObject({ travelRole: 'driver' });

    // A duty planned by hand with the same van at the same time is a double booking, of the ride's duties too.
    const byHand = await planner.post('/api/items', {
      location: ids.hq,
      date: first?.date,
      times: { start: '09:00', end: '12:00', break: 0 },
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const put = await planner.put(`/api/items/${byHand.json().item.id}/resource`, { resource: van.id });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().item).toMatchObject({ conflicts: expect.arrayContaining(['RESOURCE']), travelRole: null });
    const ride = await t.database.db
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.resourceId, van.id), eq(rosterItems.date, first?.date ?? '')));
    expect(ride.every((i) => i.conflicts.includes('RESOURCE'))).toBe(true);

    // Without travel roles the duties keep the vehicle and lose the roles; the three of one shift then clash.
    const off = await planner.put(`/api/projects/${res.json().id}`, { travelRoles: false });
    expect(off.statusCode, off.body).toBe(200);
    const after = await projectItems(res.json().id);
    expect(after.every((i) => i.travelRole === null && i.resourceId === van.id)).toBe(true);
  });
});
