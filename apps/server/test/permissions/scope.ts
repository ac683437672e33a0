/**
 * The restricted planner beyond their plannings, and the names rule (docs/product/members.md; the README's security
 * section). The table's restricted planner is restricted to Headquarter (fixture.ts); Café am Markt is a planning of
 * the same account outside it. Every route that takes a planning, or reaches one through an item or a person, answers
 * 403 there. Every route that shows people shows the restricted planner no name but their own.
 */
import { and, eq } from 'drizzle-orm';
import {
  membershipDuties,
  membershipLocations,
  memberships,
  rosterItems,
  savedReports,
  sicknessRecords,
  users,
} from '../../src/db/schema';
import { projectBody, projectOf } from './clients';
import type { Fixture } from './fixture';
import { FILTERS, savedBody, withLists } from './reports';
import type { Request } from './requests';
import { resourceOf } from './resources';
import type { Route, Status } from './table';

/** A row: what the restricted planner gets for a planning (or its people) outside their restriction. */
export interface ScopeRow {
  route: Route;
  case?: string;
  status: Status;
}

const FORBIDDEN: Status = '403 FORBIDDEN';

export const OUT_OF_SCOPE: ScopeRow[] = [
  // Plannings by id.
  { route: 'GET /api/locations/:id', status: FORBIDDEN },
  { route: 'PUT /api/locations/:id', status: FORBIDDEN },
  { route: 'DELETE /api/locations/:id', status: FORBIDDEN },
  // Projects of a planning outside.
  { route: 'GET /api/projects/:id', status: FORBIDDEN },
  { route: 'POST /api/projects', status: FORBIDDEN },
  { route: 'PUT /api/projects/:id', status: FORBIDDEN },
  { route: 'DELETE /api/projects/:id', status: FORBIDDEN },
  { route: 'PUT /api/locations/:location/notes/:date', status: FORBIDDEN },
  { route: 'PUT /api/locations/:location/release', status: FORBIDDEN },
  { route: 'GET /api/locations/:location/release-preview', status: FORBIDDEN },
  { route: 'PUT /api/locations/:location/preset', status: FORBIDDEN },
  { route: 'POST /api/locations/:location/preset/apply', status: FORBIDDEN },
  { route: 'GET /api/locations/:location/copy-week', status: FORBIDDEN },
  { route: 'POST /api/locations/:location/copy-week', status: FORBIDDEN },
  { route: 'GET /api/locations/:location/users/:date', status: FORBIDDEN },
  { route: 'POST /api/locations/:location/matching', status: FORBIDDEN },
  { route: 'POST /api/locations/:location/matching/apply', status: FORBIDDEN },
  { route: 'GET /api/locations/:id/staffing', status: FORBIDDEN },
  { route: 'PUT /api/locations/:id/staffing', status: FORBIDDEN },
  { route: 'GET /api/locations/:id/staffing/preset', status: FORBIDDEN },
  { route: 'POST /api/autoroster', status: FORBIDDEN },
  { route: 'POST /api/autoroster/apply', status: FORBIDDEN },
  { route: 'GET /api/locations/:location/print', status: FORBIDDEN },
  { route: 'POST /api/locations/:location/print/mail', status: FORBIDDEN },
  { route: 'GET /api/locations/:location/calendar-feed', status: FORBIDDEN },
  { route: 'POST /api/locations/:location/calendar-feed', status: FORBIDDEN },
  { route: 'DELETE /api/locations/:location/calendar-feed', status: FORBIDDEN },
  { route: 'GET /api/locations/:location/wall-screen', status: FORBIDDEN },
  { route: 'POST /api/locations/:location/wall-screen', status: FORBIDDEN },
  { route: 'DELETE /api/locations/:location/wall-screen', status: FORBIDDEN },
  // Plannings in the query or the body.
  { route: 'GET /api/items', case: 'the roster', status: FORBIDDEN },
  { route: 'GET /api/items', case: 'the preset', status: FORBIDDEN },
  { route: 'GET /api/locations/:location/items', status: FORBIDDEN },
  { route: 'POST /api/items', status: FORBIDDEN },
  { route: 'POST /api/items/bulk/fill', status: FORBIDDEN },
  { route: 'POST /api/messages', status: FORBIDDEN },
  { route: 'GET /api/availability/overview', status: FORBIDDEN },
  { route: 'GET /api/inbox', status: FORBIDDEN },
  { route: 'GET /api/sickness', case: 'of the planning', status: FORBIDDEN },
  { route: 'POST /api/shifts', status: FORBIDDEN },
  { route: 'PUT /api/shifts/:id', status: FORBIDDEN },
  { route: 'POST /api/lists/preview', status: FORBIDDEN },
  { route: 'POST /api/lists/download', status: FORBIDDEN },
  { route: 'POST /api/lists/saved', status: FORBIDDEN },
  { route: 'PUT /api/lists/saved/:id', status: FORBIDDEN },
  { route: 'DELETE /api/lists/saved/:id', status: FORBIDDEN },
  // Items of the planning.
  { route: 'DELETE /api/items/:id', status: FORBIDDEN },
  { route: 'PUT /api/items/:id/times', status: FORBIDDEN },
  { route: 'PUT /api/items/:id/notes', status: FORBIDDEN },
  { route: 'PUT /api/items/:id/resource', status: FORBIDDEN },
  { route: 'PUT /api/items/:id/sick', status: FORBIDDEN },
  { route: 'GET /api/items/:id/applications', status: FORBIDDEN },
  { route: 'GET /api/item/messages', status: FORBIDDEN },
  { route: 'POST /api/item/messages', status: FORBIDDEN },
  { route: 'POST /api/items/bulk/delete', status: FORBIDDEN },
  // People of the planning only (no planning of the restriction in common).
  { route: 'GET /api/sickness', case: "a member's", status: FORBIDDEN },
  { route: 'POST /api/sickness', status: FORBIDDEN },
  { route: 'PUT /api/sickness/:id', status: FORBIDDEN },
  { route: 'DELETE /api/sickness/:id', status: FORBIDDEN },
  { route: 'GET /api/availability', case: "a member's", status: FORBIDDEN },
  { route: 'PUT /api/availability', status: FORBIDDEN },
  { route: 'GET /api/memberships/:id/availability-defaults', status: FORBIDDEN },
];

/** The routes that show people: the restricted planner's answer names nobody but them. */
export const NAMES_HIDDEN: { route: Route; case?: string }[] = [
  { route: 'GET /api/items', case: 'the roster' },
  { route: 'GET /api/availability/overview' },
  { route: 'GET /api/inbox' },
  { route: 'GET /api/sickness', case: 'everyone' },
  { route: 'GET /api/sickness', case: 'of the planning' },
  { route: 'GET /api/lists/options' },
  { route: 'POST /api/lists/preview' },
  { route: 'POST /api/lists/download' },
  { route: 'GET /api/chat-contacts' },
];

/** The last name of the person the names rows look for; nothing else in the sample carries it. */
export const HIDDEN_LNAME = 'Zebrowski';

interface ScopeWorld {
  /** Café am Markt: a planning of the Bistro outside the restricted planner's restriction. */
  outside: string;
  /** An employee of Café am Markt only. */
  outsider: string;
  /** An employee of Headquarter (within the restriction) named HIDDEN_LNAME, planned, sick, on the day below. */
  hidden: string;
  day: string;
}

const worlds = new WeakMap<Fixture, Promise<ScopeWorld>>();

/** The rows these requests need, made once per fixture. */
export function scopeWorld(fx: Fixture): Promise<ScopeWorld> {
  let world = worlds.get(fx);
  if (!world) {
    world = makeWorld(fx);
    worlds.set(fx, world);
  }
  return world;
}

async function member(fx: Fixture, lname: string, locationId: string): Promise<string> {
  const db = fx.t.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: `${lname.toLowerCase()}@example.com`, fname: 'Scope', lname, locale: 'en' })
    .returning();
  const [m] = await db
    .insert(memberships)
    .values({ accountId: fx.bistro.id, userId: user.id, roles: ['user'], rights: [], access: 'no' })
    .returning();
  await db.insert(membershipLocations).values({ membershipId: m.id, locationId });
  await db.insert(membershipDuties).values({ membershipId: m.id, dutyId: fx.bistro.service });
  return m.id;
}

async function makeWorld(fx: Fixture): Promise<ScopeWorld> {
  const db = fx.t.database.db;
  await withLists(fx);
  const outsider = await member(fx, 'Outsider', fx.bistro.cafe);
  const hidden = await member(fx, HIDDEN_LNAME, fx.bistro.hq);
  const day = fx.nextDate();
  const item = await fx.item();
  await db
    .update(rosterItems)
    .set({ membershipId: hidden, date: day })
    .where(and(eq(rosterItems.id, item), eq(rosterItems.accountId, fx.bistro.id)));
  await db
    .insert(sicknessRecords)
    .values({ accountId: fx.bistro.id, membershipId: hidden, startDate: day, endDate: day });
  return { outside: fx.bistro.cafe, outsider, hidden, day };
}

/** A one-day sickness record of the outsider, on a fresh date. */
async function outsiderSickness(fx: Fixture, w: ScopeWorld): Promise<string> {
  const date = fx.nextDate();
  const [row] = await fx.t.database.db
    .insert(sicknessRecords)
    .values({ accountId: fx.bistro.id, membershipId: w.outsider, startDate: date, endDate: date })
    .returning();
  return row.id;
}

/** A saved list over Café am Markt. */
async function outsideSaved(fx: Fixture, w: ScopeWorld): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(savedReports)
    .values({
      accountId: fx.bistro.id,
      kind: 'list',
      name: 'Café',
      filters: { ...FILTERS, locations: [w.outside] },
      fields: ['lname'],
      createdAt: new Date(0),
      updatedAt: new Date(0),
    })
    .returning({ id: savedReports.id });
  return row.id;
}

type Build = (fx: Fixture, w: ScopeWorld) => Promise<Request> | Request;
const times = { start: '10:00', end: '18:00', break: 30 };
const shift = (locationIds: string[]) => ({
  identifier: `S${Math.random().toString(36).slice(2, 6)}`,
  name: 'Scope shift',
  start: '06:00',
  end: '14:00',
  break: 30,
  locationIds,
});
const cafeItem = (fx: Fixture, w: ScopeWorld) => fx.item({ location: w.outside });

/** The out-of-scope requests, by `route | case`. */
export const SCOPE_REQUESTS: Record<string, Build> = {
  'GET /api/locations/:id': (_fx, w) => ({ url: `/api/locations/${w.outside}` }),
  'PUT /api/locations/:id': (_fx, w) => ({ url: `/api/locations/${w.outside}`, body: { name: 'Taken over' } }),
  'DELETE /api/locations/:id': async (fx) => ({ url: `/api/locations/${await fx.location()}` }),
  'GET /api/projects/:id': async (fx, w) => ({ url: `/api/projects/${await projectOf(fx, false, w.outside)}` }),
  'POST /api/projects': async (fx, w) => ({ url: '/api/projects', body: await projectBody(fx, w.outside) }),
  'PUT /api/projects/:id': async (fx, w) => ({
    url: `/api/projects/${await projectOf(fx, false, w.outside)}`,
    body: { name: 'Taken over' },
  }),
  'DELETE /api/projects/:id': async (fx, w) => ({ url: `/api/projects/${await projectOf(fx, false, w.outside)}` }),
  'PUT /api/locations/:location/notes/:date': (fx, w) => ({
    url: `/api/locations/${w.outside}/notes/${fx.nextDate()}`,
    body: { content: 'Not mine' },
  }),
  'PUT /api/locations/:location/release': (fx, w) => ({
    url: `/api/locations/${w.outside}/release`,
    body: { date: fx.nextDate() },
  }),
  'GET /api/locations/:location/release-preview': (fx, w) => ({
    url: `/api/locations/${w.outside}/release-preview?date=${fx.nextDate()}`,
  }),
  'PUT /api/locations/:location/preset': (fx, w) => ({
    url: `/api/locations/${w.outside}/preset`,
    body: { from: fx.nextDate(), weeks: 1 },
  }),
  'POST /api/locations/:location/preset/apply': (fx, w) => {
    const from = fx.nextDate();
    return { url: `/api/locations/${w.outside}/preset/apply`, body: { from, until: from, withUsers: false } };
  },
  'GET /api/locations/:location/copy-week': (fx, w) => ({
    url: `/api/locations/${w.outside}/copy-week?date=${fx.nextDate()}`,
  }),
  'POST /api/locations/:location/copy-week': (fx, w) => ({
    url: `/api/locations/${w.outside}/copy-week`,
    body: { date: fx.nextDate() },
  }),
  'GET /api/locations/:location/calendar-feed': (_fx, w) => ({ url: `/api/locations/${w.outside}/calendar-feed` }),
  'POST /api/locations/:location/calendar-feed': (_fx, w) => ({
    url: `/api/locations/${w.outside}/calendar-feed`,
    body: {},
  }),
  'DELETE /api/locations/:location/calendar-feed': (_fx, w) => ({ url: `/api/locations/${w.outside}/calendar-feed` }),
  'GET /api/locations/:location/wall-screen': (_fx, w) => ({ url: `/api/locations/${w.outside}/wall-screen` }),
  'POST /api/locations/:location/wall-screen': (_fx, w) => ({
    url: `/api/locations/${w.outside}/wall-screen`,
    body: {},
  }),
  'DELETE /api/locations/:location/wall-screen': (_fx, w) => ({ url: `/api/locations/${w.outside}/wall-screen` }),
  'GET /api/locations/:location/users/:date': (fx, w) => ({
    url: `/api/locations/${w.outside}/users/${fx.nextDate()}`,
  }),
  'POST /api/locations/:location/matching': (fx, w) => {
    const from = fx.nextDate();
    return { url: `/api/locations/${w.outside}/matching`, body: { from, until: from, mode: 'fast' } };
  },
  'GET /api/locations/:id/staffing': (_fx, w) => ({ url: `/api/locations/${w.outside}/staffing` }),
  'PUT /api/locations/:id/staffing': (_fx, w) => ({ url: `/api/locations/${w.outside}/staffing`, body: { needs: [] } }),
  'GET /api/locations/:id/staffing/preset': (_fx, w) => ({ url: `/api/locations/${w.outside}/staffing/preset` }),
  'POST /api/autoroster': (fx, w) => {
    const from = fx.nextDate();
    return { url: '/api/autoroster', body: { from, until: from, locations: [w.outside], seconds: 1 } };
  },
  'POST /api/autoroster/apply': (fx, w) => ({
    url: '/api/autoroster/apply',
    body: {
      assignments: [
        {
          location: w.outside,
          date: fx.nextDate(),
          shiftId: w.outside,
          dutyId: null,
          user: fx.bistro.staff,
          item: null,
        },
      ],
    },
  }),
  'POST /api/locations/:location/matching/apply': async (fx, w) => ({
    url: `/api/locations/${w.outside}/matching/apply`,
    body: { assignments: [{ item: await cafeItem(fx, w), user: w.outsider }] },
  }),
  'GET /api/locations/:location/print': (_fx, w) => ({ url: `/api/locations/${w.outside}/print?week=2025-03-10` }),
  'POST /api/locations/:location/print/mail': (_fx, w) => ({
    url: `/api/locations/${w.outside}/print/mail`,
    body: { week: '2025-03-10' },
  }),
  'GET /api/items | the roster': (_fx, w) => ({ url: `/api/items?scope=planning&location=${w.outside}` }),
  'GET /api/items | the preset': (_fx, w) => ({ url: `/api/items?scope=preset&location=${w.outside}` }),
  'GET /api/locations/:location/items': async (fx, w) => ({
    url: `/api/locations/${w.outside}/items?ids=${await cafeItem(fx, w)}`,
  }),
  'POST /api/items': (fx, w) => ({
    url: '/api/items',
    body: { location: w.outside, date: fx.nextDate(), duty: fx.bistro.service },
  }),
  'POST /api/items/bulk/fill': (fx, w) => {
    const date = fx.nextDate();
    return {
      url: '/api/items/bulk/fill',
      body: { location: w.outside, from: date, until: date, duty: fx.bistro.service, count: 1 },
    };
  },
  'POST /api/messages': (fx, w) => ({
    url: '/api/messages',
    body: { location: w.outside, date: fx.nextDate(), comment: 'Not mine' },
  }),
  'GET /api/availability/overview': (_fx, w) => ({
    url: `/api/availability/overview?location=${w.outside}&from=${w.day}&until=${w.day}`,
  }),
  'GET /api/inbox': (_fx, w) => ({ url: `/api/inbox?location=${w.outside}` }),
  'GET /api/sickness | of the planning': (_fx, w) => ({ url: `/api/sickness?location=${w.outside}` }),
  'POST /api/shifts': (_fx, w) => ({ url: '/api/shifts', body: shift([w.outside]) }),
  'PUT /api/shifts/:id': async (fx, w) => ({
    url: `/api/shifts/${await fx.create('/api/shifts', shift([fx.bistro.hq]))}`,
    body: { locationIds: [fx.bistro.hq, w.outside] },
  }),
  'POST /api/lists/preview': (_fx, w) => ({ url: '/api/lists/preview', body: { ...FILTERS, locations: [w.outside] } }),
  'POST /api/lists/download': (_fx, w) => ({
    url: '/api/lists/download',
    body: { filters: { ...FILTERS, locations: [w.outside] }, fields: ['lname'], format: 'csv', group: 'employee' },
  }),
  'POST /api/lists/saved': (_fx, w) => ({
    url: '/api/lists/saved',
    body: { ...savedBody, filters: { ...FILTERS, locations: [w.outside] } },
  }),
  'PUT /api/lists/saved/:id': async (fx, w) => ({
    url: `/api/lists/saved/${await outsideSaved(fx, w)}`,
    body: savedBody,
  }),
  'DELETE /api/lists/saved/:id': async (fx, w) => ({ url: `/api/lists/saved/${await outsideSaved(fx, w)}` }),
  'DELETE /api/items/:id': async (fx, w) => ({ url: `/api/items/${await cafeItem(fx, w)}` }),
  'PUT /api/items/:id/times': async (fx, w) => ({ url: `/api/items/${await cafeItem(fx, w)}/times`, body: times }),
  'PUT /api/items/:id/notes': async (fx, w) => ({
    url: `/api/items/${await cafeItem(fx, w)}/notes`,
    body: { notes: 'Not mine' },
  }),
  'PUT /api/items/:id/resource': async (fx, w) => ({
    url: `/api/items/${await cafeItem(fx, w)}/resource`,
    body: { resource: await resourceOf(fx) },
  }),
  'PUT /api/items/:id/sick': async (fx, w) => ({
    url: `/api/items/${await fx.item({ location: w.outside, membershipId: w.outsider })}/sick`,
    body: { percentage: 100 },
  }),
  'GET /api/items/:id/applications': async (fx, w) => ({ url: `/api/items/${await cafeItem(fx, w)}/applications` }),
  'GET /api/item/messages': async (fx, w) => ({ url: `/api/item/messages?item=${await cafeItem(fx, w)}` }),
  'POST /api/item/messages': async (fx, w) => ({
    url: '/api/item/messages',
    body: { item: await cafeItem(fx, w), message: 'Not mine' },
  }),
  'POST /api/items/bulk/delete': async (fx, w) => ({
    url: '/api/items/bulk/delete',
    body: { items: [await cafeItem(fx, w)] },
  }),
  "GET /api/sickness | a member's": (_fx, w) => ({ url: `/api/sickness?membership=${w.outsider}` }),
  'POST /api/sickness': (fx, w) => ({ url: '/api/sickness', body: { membership: w.outsider, start: fx.nextDate() } }),
  'PUT /api/sickness/:id': async (fx, w) => ({
    url: `/api/sickness/${await outsiderSickness(fx, w)}`,
    body: { notes: 'flu' },
  }),
  'DELETE /api/sickness/:id': async (fx, w) => ({ url: `/api/sickness/${await outsiderSickness(fx, w)}` }),
  "GET /api/availability | a member's": (fx, w) => ({
    url: `/api/availability?from=${fx.nextDate()}&until=${fx.nextDate()}&membership=${w.outsider}`,
  }),
  'PUT /api/availability': (fx, w) => ({
    url: '/api/availability',
    body: { membership: w.outsider, dates: [fx.nextDate()], type: 'available' },
  }),
  'GET /api/memberships/:id/availability-defaults': (_fx, w) => ({
    url: `/api/memberships/${w.outsider}/availability-defaults`,
  }),
};

/** The names requests: Headquarter, within the restriction, on the day the hidden person is planned and sick. */
export const NAME_REQUESTS: Record<string, Build> = {
  'GET /api/items | the roster': (fx, w) => ({
    url: `/api/items?scope=planning&location=${fx.bistro.hq}&date=${w.day}&period=day`,
  }),
  'GET /api/availability/overview': (fx, w) => ({
    url: `/api/availability/overview?location=${fx.bistro.hq}&from=${w.day}&until=${w.day}`,
  }),
  'GET /api/inbox': async (fx, w) => {
    // The hidden person asks to be signed out of their duty: the inbox lists them.
    await fx.t.database.db
      .update(rosterItems)
      .set({ flag: 'signout' })
      .where(and(eq(rosterItems.membershipId, w.hidden), eq(rosterItems.date, w.day)));
    return { url: `/api/inbox?location=${fx.bistro.hq}` };
  },
  'GET /api/sickness | everyone': () => ({ url: '/api/sickness' }),
  'GET /api/sickness | of the planning': (fx) => ({ url: `/api/sickness?location=${fx.bistro.hq}` }),
  'GET /api/lists/options': () => ({ url: '/api/lists/options' }),
  'POST /api/lists/preview': (_fx, w) => ({ url: '/api/lists/preview', body: { from: w.day, until: w.day } }),
  'POST /api/lists/download': (_fx, w) => ({
    url: '/api/lists/download',
    body: {
      filters: { from: w.day, until: w.day },
      fields: ['fname', 'lname', 'email'],
      format: 'csv',
      group: 'employee',
    },
  }),
  'GET /api/chat-contacts': () => ({ url: '/api/chat-contacts' }),
};
