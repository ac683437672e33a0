/**
 * A valid request for every row of the permission table: valid enough to reach the permission check (a 422 would
 * prove nothing), on a fresh row where the call changes or deletes something. `own` builds the request for one
 * member with ids of their account; `foreign` the same request with Corner Store's ids.
 */
import { DEFAULT_PROFILE_TEMPLATE, now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { accounts, memberContracts, memberships, users } from '../../src/db/schema';
import { SAMPLE_PASSWORD } from '../../src/sample/seed';
import type { Agent } from '../app';
import { foreignSickness, staffSickness } from './absence';
import { tokenOf, webhookBody, webhookOf } from './api';
import { foreignInvoice, invoiceOf } from './billing';
import { channelWith, foreignChannel, reachable } from './chats';
import { dutyNow, HERE, openCheckin } from './checkins';
import { clientOf, projectBody, projectOf } from './clients';
import { downloadOf, foreignUpload, payslipBody, uploadBody, uploadOf } from './documents';
import { dossierBody, entryAttachment, foreignEntry, staffEntry } from './dossiers';
import type { Fixture } from './fixture';
import { companyFileOf, freelancerInvoiceBody, freelancerInvoiceOf } from './freelance';
import { foreignHours, hoursRow, pastItem, staffHours } from './hours';
import { billingBody, clientInvoiceOf, foreignClientInvoice } from './invoicing';
import { failedMailOf } from './mail';
import { allOn, foreignNotification, ownNotification, pushBody } from './notifications';
import { downloadBody, exportRow, FILTERS, payrollWeek, savedBody, savedRow, withLists } from './reports';
import { resourceOf } from './resources';
import { foreignOffer, giftFor, ownOffer, waitingOffer } from './swaps';
import type { PermissionRow, Who } from './table';
import { adjustmentOf, correctionOf, vacationOf, weekday, withBalances, workday } from './vacation';

/** The employee page's profile form as the fixture's target has it. */
const memberProfile = (email: string) => ({
  salutation: null,
  title: null,
  fname: 'Table',
  lname: 'target',
  email,
  locale: 'en',
  birthday: null,
  employeeNumber: null,
  vatId: null,
  about: null,
  internalNotes: null,
  internalNotesVisible: false,
  jobTitle: 'Waiter',
  hireDate: null,
  endDate: null,
  access: 'yes',
  phone: null,
  mobile: null,
  emergencyNumber: null,
  address: null,
  zip: null,
  city: null,
  country: null,
  salaryKind: null,
  rateCents: null,
  iban: null,
  bic: null,
});
const memberAccess = {
  roles: ['user'],
  rights: [],
  managerLimited: false,
  plannerRestricted: false,
  planningScope: 'all',
  scopeLocationIds: [],
  scopeDutyIds: [],
};
/** A one-day temporary contract: every call has a day of its own, so none overlaps another. */
const contractBody = (date: string) => ({
  startDate: date,
  endDate: date,
  type: 'part',
  weeklyMinutes: 1200,
  schedule: 'flexible',
  dayMinutes: null,
  daysPerWeek: 3,
  vacationDays: 20,
  permanent: false,
  templateId: null,
});
let freshSerial = 0;
/** A member invited and not yet registered, written straight into the tables (no seat of the plan used up). */
async function freshMember(fx: Fixture): Promise<string> {
  const db = fx.t.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: `fresh.${freshSerial++}@example.com`, fname: 'Fresh', lname: 'Member' })
    .returning();
  const [m] = await db.insert(memberships).values({ accountId: fx.bistro.id, userId: user.id }).returning();
  return m.id;
}
async function freshContract(fx: Fixture, membershipId: string, date: string): Promise<string> {
  const db = fx.t.database.db;
  const [m] = await db.select().from(memberships).where(eq(memberships.id, membershipId));
  const [row] = await db
    .insert(memberContracts)
    .values({ accountId: m.accountId, membershipId, startDate: date, endDate: date, type: 'part', permanent: false })
    .returning();
  return row.id;
}

export interface Request {
  url: string;
  body?: unknown;
  /** The agent to send it with, when not the member's usual one (calls that end or move the session). */
  agent?: Agent;
  /** Headers of its own (a multipart upload's content type). */
  headers?: Record<string, string>;
}

type Build = (fx: Fixture, who: Who) => Promise<Request> | Request;
interface Builders {
  own: Build;
  foreign?: (fx: Fixture) => Promise<Request> | Request;
}

export const rowKey = (row: Pick<PermissionRow, 'route' | 'case'>) => `${row.route}${row.case ? ` | ${row.case}` : ''}`;

const times = { start: '10:00', end: '18:00', break: 30 };
/** Identifiers are short (IDENTIFIER_MAX_LENGTH) and unique among active rows: a counter in base 36. */
let serial = 0;
const identifier = (prefix: string) => `${prefix}${(serial++).toString(36)}`;
const shiftBody = (fx: Fixture, location = fx.bistro.hq) => ({
  identifier: identifier('X'),
  name: 'Extra shift',
  start: '06:00',
  end: '14:00',
  break: 30,
  locationIds: [location],
});
const dutyBody = () => ({ identifier: identifier('D'), name: 'Extra duty' });
const tagBody = () => ({ name: `Tag ${serial++}` });

/** A 1x1 png: the smallest picture an avatar upload takes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const userOf = async (fx: Fixture, membershipId: string) =>
  (
    await fx.t.database.db.select({ id: memberships.userId }).from(memberships).where(eq(memberships.id, membershipId))
  )[0].id;
const rateBody = () => ({ name: `Rate ${serial++}`, hourlyCents: 1400, factor: 121 });
const premiumBody = () => ({
  name: 'Sunday',
  percent: 50,
  weekdays: [7],
  from: null,
  until: null,
  tagIds: [],
  holidays: false,
  active: true,
});
/** The first bytes of a Word 97 document (an OLE compound file), enough for the content check. */
export const WORD_DOC = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(1024),
]);

/** A week of weekday defaults: available on Monday, nothing else. */
const week = { days: [{ weekday: 0, type: 'available', start: null, end: null }] };

export const REQUESTS: Record<string, Builders> = {
  'GET /api/health': { own: () => ({ url: '/api/health' }) },
  'GET /api/app/init': { own: () => ({ url: '/api/app/init' }) },
  'GET /api/overview': { own: () => ({ url: '/api/overview' }) },

  'POST /api/auth/login': {
    own: () => ({ url: '/api/auth/login', body: { email: 'observer@example.com', password: SAMPLE_PASSWORD } }),
  },
  'POST /api/auth/password/forgot': {
    own: () => ({ url: '/api/auth/password/forgot', body: { email: 'x@example.com' } }),
  },
  'POST /api/auth/confirmation/request': {
    own: () => ({ url: '/api/auth/confirmation/request', body: { email: 'x@example.com' } }),
  },
  'GET /api/auth/codes/:code': { own: () => ({ url: '/api/auth/codes/nobodyholdsthiscode' }) },
  'POST /api/auth/password/reset/:code': {
    own: () => ({ url: '/api/auth/password/reset/nobodyholdsthiscode', body: { password: 'Another123' } }),
  },
  'POST /api/auth/confirm-email/:code': {
    own: () => ({ url: '/api/auth/confirm-email/nobodyholdsthiscode', body: {} }),
  },
  'POST /api/auth/invitations/:code/accept': {
    own: () => ({ url: '/api/auth/invitations/nobodyholdsthiscode/accept', body: { password: 'Another123' } }),
  },
  'GET /api/auth/register': { own: () => ({ url: '/api/auth/register' }) },
  'POST /api/auth/register': {
    own: () => ({
      url: '/api/auth/register',
      body: {
        fname: 'Olivia',
        lname: 'Owner',
        companyName: 'Bistro Again',
        email: 'owner@example.com',
        password: 'Another123',
        acceptTerms: true,
        acceptDpa: true,
      },
    }),
  },
  'POST /api/auth/signup/:code': { own: () => ({ url: '/api/auth/signup/nobodyholdsthiscode', body: {} }) },
  'POST /api/demo': { own: () => ({ url: '/api/demo', body: {} }) },
  'GET /api/ical/:token | a token nobody holds': { own: () => ({ url: `/api/ical/${'a'.repeat(32)}.ics` }) },
  'GET /api/wall-screens/:id/:token | a screen nobody made': {
    own: () => ({ url: `/api/wall-screens/00000000-0000-4000-8000-000000000000/${'a'.repeat(32)}` }),
  },
  'POST /api/auth/logout': {
    own: async (fx, who) => ({ url: '/api/auth/logout', body: {}, agent: await fx.freshAgent(who) }),
  },
  'GET /api/auth/2fa/setup': { own: () => ({ url: '/api/auth/2fa/setup' }) },
  'POST /api/auth/2fa/setup | a wrong code': {
    own: async (fx, who) => {
      await fx.people[who].agent.get('/api/auth/2fa/setup');
      return { url: '/api/auth/2fa/setup', body: { code: '000000' } };
    },
  },
  'POST /api/auth/2fa/verify | a complete session': {
    own: () => ({ url: '/api/auth/2fa/verify', body: { code: '000000' } }),
  },
  'DELETE /api/auth/2fa': { own: () => ({ url: '/api/auth/2fa', body: { password: SAMPLE_PASSWORD } }) },
  'POST /api/auth/broadcast | own membership room': {
    own: (fx, who) => ({ url: '/api/auth/broadcast', body: { room: `membership.${fx.people[who].membershipId}` } }),
    foreign: (fx) => ({ url: '/api/auth/broadcast', body: { room: `account.${fx.store.id}` } }),
  },
  'PUT /api/switch/account/:id': {
    own: async (fx, who) => ({ url: `/api/switch/account/${fx.bistro.id}`, body: {}, agent: await fx.freshAgent(who) }),
    foreign: async (fx) => ({ url: `/api/switch/account/${fx.store.id}`, body: {} }),
  },
  'PUT /api/switch/locale/:lang': {
    own: async (fx, who) => ({ url: '/api/switch/locale/en', body: {}, agent: await fx.freshAgent(who) }),
  },

  'GET /api/profile': { own: () => ({ url: '/api/profile' }) },
  'PUT /api/profile': {
    own: (fx, who) => ({
      url: '/api/profile',
      body: { fname: fx.people[who].fname, lname: fx.people[who].lname, locale: 'en' },
    }),
  },
  'PUT /api/profile | renaming oneself': {
    own: (fx, who) => ({
      url: '/api/profile',
      body: { fname: 'Someone', lname: fx.people[who].lname, locale: 'en' },
    }),
  },
  'PUT /api/profile/password': {
    own: () => ({ url: '/api/profile/password', body: { current: SAMPLE_PASSWORD, password: SAMPLE_PASSWORD } }),
  },
  'GET /api/profile-template': { own: () => ({ url: '/api/profile-template' }) },
  'PUT /api/profile-template': { own: () => ({ url: '/api/profile-template', body: DEFAULT_PROFILE_TEMPLATE }) },
  'GET /api/memberships/:id/profile | own membership': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/profile` }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/profile` }),
  },
  "GET /api/memberships/:id/profile | someone else's": {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.target}/profile` }),
  },
  'PUT /api/memberships/:id/profile | own membership': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/profile`, body: { values: {} } }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/profile`, body: { values: {} } }),
  },
  "PUT /api/memberships/:id/profile | someone else's": {
    own: (fx) => ({
      url: `/api/memberships/${fx.bistro.target}/profile`,
      body: { values: { iban: 'DE89370400440532013000', birthday: '1990-01-01' } },
    }),
  },
  'PUT /api/memberships/:id/preferences | own membership': {
    own: (fx, who) => ({
      url: `/api/memberships/${fx.people[who].membershipId}/preferences`,
      body: { key: 'rosterView', value: 'week' },
    }),
    foreign: (fx) => ({
      url: `/api/memberships/${fx.store.member}/preferences`,
      body: { key: 'rosterView', value: 'week' },
    }),
  },
  'PUT /api/memberships/:id/onboarding | own membership': {
    own: (fx, who) => ({
      url: `/api/memberships/${fx.people[who].membershipId}/onboarding`,
      body: { onboarding: false },
    }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/onboarding`, body: { onboarding: false } }),
  },
  "PUT /api/memberships/:id/onboarding | someone else's": {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.staff}/onboarding`, body: { onboarding: false } }),
  },
  'GET /api/superuser/accounts': { own: () => ({ url: '/api/superuser/accounts?q=bistro' }) },
  'PUT /api/superuser/write': { own: () => ({ url: '/api/superuser/write', body: {} }) },
  "PUT /api/memberships/:id/preferences | someone else's": {
    own: (fx) => ({
      url: `/api/memberships/${fx.bistro.staff}/preferences`,
      body: { key: 'rosterView', value: 'week' },
    }),
  },
  // Owners as targets; the account holder (a member the table made).
  'PUT /api/memberships/:id/status | an owner': {
    own: async (fx) => ({ url: `/api/memberships/${await fx.owner()}/status`, body: { status: 'inactive' } }),
  },
  'PUT /api/memberships/:id/status | the account holder': {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.holder}/status`, body: { status: 'inactive' } }),
  },
  'PUT /api/members/:id | an owner': {
    own: (fx) => ({
      url: `/api/members/${fx.bistro.coOwner}`,
      body: { ...memberProfile('co.owner@example.com'), lname: 'co.owner' },
    }),
  },
  'PUT /api/members/:id/access | an owner': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.coOwner}/access`, body: { ...memberAccess, roles: ['owner'] } }),
  },
  'PUT /api/members/:id/access | demoting the account holder': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.holder}/access`, body: { ...memberAccess, roles: ['manager'] } }),
  },
  'PUT /api/members/:id/cost-centres | an owner': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.coOwner}/cost-centres`, body: { costCentreIds: [] } }),
  },
  'PUT /api/memberships/:id/holdings | an owner': {
    own: (fx) => ({
      url: `/api/memberships/${fx.bistro.coOwner}/holdings`,
      body: { locationIds: [fx.bistro.hq], dutyIds: [fx.bistro.service], tagIds: [] },
    }),
  },
  'POST /api/members/:id/contracts | an owner': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.coOwner}/contracts`, body: contractBody(fx.nextDate()) }),
  },
  'POST /api/memberships/:id/avatar | an owner': {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.coOwner}/avatar`, body: TINY_PNG }),
  },
  'POST /api/members/:id/invitation | an owner': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.coOwner}/invitation` }),
  },
  'DELETE /api/members/:id | an owner': {
    own: async (fx) => ({ url: `/api/members/${await fx.owner()}` }),
  },
  'DELETE /api/members/:id | the account holder': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.holder}` }),
  },
  'GET /api/members': { own: () => ({ url: '/api/members' }) },
  'GET /api/members/:id': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.target}` }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}` }),
  },
  'PUT /api/members/:id': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.target}`, body: memberProfile('target@example.com') }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}`, body: memberProfile('x@example.com') }),
  },
  'PUT /api/members/:id/access': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.target}/access`, body: memberAccess }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/access`, body: memberAccess }),
  },
  'PUT /api/members/:id/cost-centres': {
    own: (fx) => ({
      url: `/api/members/${fx.bistro.target}/cost-centres`,
      body: { costCentreIds: [fx.bistro.defaultCostCentre] },
    }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/cost-centres`, body: { costCentreIds: [] } }),
  },
  'PUT /api/members/:id/settings': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.target}/settings`, body: { availability: true, balance: false } }),
    foreign: (fx) => ({
      url: `/api/members/${fx.store.member}/settings`,
      body: { availability: true, balance: false },
    }),
  },
  'DELETE /api/members/:id': {
    own: async (fx) => ({ url: `/api/members/${await freshMember(fx)}` }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}` }),
  },
  'POST /api/members/invitations': {
    own: () => ({
      url: '/api/members/invitations',
      body: { people: [{ fname: 'New', lname: 'Person', email: `invited.${serial++}@example.com` }] },
    }),
  },
  'POST /api/members/:id/invitation': {
    own: async (fx) => ({ url: `/api/members/${await freshMember(fx)}/invitation` }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/invitation` }),
  },
  'GET /api/members/:id/contracts | own': {
    own: (fx, who) => ({ url: `/api/members/${fx.people[who].membershipId}/contracts` }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/contracts` }),
  },
  "GET /api/members/:id/contracts | someone else's": {
    own: (fx) => ({ url: `/api/members/${fx.bistro.target}/contracts` }),
  },
  'POST /api/members/:id/contracts': {
    own: (fx) => ({ url: `/api/members/${fx.bistro.target}/contracts`, body: contractBody(fx.nextDate()) }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/contracts`, body: contractBody(fx.nextDate()) }),
  },
  'POST /api/dossier/:id/attachments': {
    own: async (fx) => ({ url: `/api/dossier/${await staffEntry(fx)}/attachments`, ...uploadBody({}) }),
    foreign: async (fx) => ({ url: `/api/dossier/${await foreignEntry(fx)}/attachments`, ...uploadBody({}) }),
  },
  'DELETE /api/dossier-attachments/:id': {
    own: async (fx) => ({ url: `/api/dossier-attachments/${await entryAttachment(fx)}` }),
    foreign: async (fx) => ({ url: `/api/dossier-attachments/${await entryAttachment(fx, true)}` }),
  },
  'GET /api/members/:id/dossier | own': {
    own: (fx, who) => ({ url: `/api/members/${fx.people[who].membershipId}/dossier` }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/dossier` }),
  },
  "GET /api/members/:id/dossier | someone else's": {
    own: (fx) => ({ url: `/api/members/${fx.bistro.staff}/dossier` }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/dossier` }),
  },
  'POST /api/members/:id/dossier | own': {
    own: (fx, who) => ({ url: `/api/members/${fx.people[who].membershipId}/dossier`, body: dossierBody(fx) }),
  },
  "POST /api/members/:id/dossier | someone else's": {
    own: (fx) => ({ url: `/api/members/${fx.bistro.staff}/dossier`, body: dossierBody(fx) }),
    foreign: (fx) => ({ url: `/api/members/${fx.store.member}/dossier`, body: dossierBody(fx) }),
  },
  'PUT /api/dossier/:id': {
    own: async (fx) => ({ url: `/api/dossier/${await staffEntry(fx)}`, body: dossierBody(fx) }),
    foreign: async (fx) => ({ url: `/api/dossier/${await foreignEntry(fx)}`, body: dossierBody(fx) }),
  },
  'DELETE /api/dossier/:id': {
    own: async (fx) => ({ url: `/api/dossier/${await staffEntry(fx)}` }),
    foreign: async (fx) => ({ url: `/api/dossier/${await foreignEntry(fx)}` }),
  },
  'PUT /api/contracts/:id': {
    own: async (fx) => {
      const date = fx.nextDate();
      return { url: `/api/contracts/${await freshContract(fx, fx.bistro.target, date)}`, body: contractBody(date) };
    },
    foreign: async (fx) => {
      const date = fx.nextDate();
      return { url: `/api/contracts/${await freshContract(fx, fx.store.member, date)}`, body: contractBody(date) };
    },
  },
  'DELETE /api/contracts/:id': {
    own: async (fx) => ({ url: `/api/contracts/${await freshContract(fx, fx.bistro.target, fx.nextDate())}` }),
    foreign: async (fx) => ({ url: `/api/contracts/${await freshContract(fx, fx.store.member, fx.nextDate())}` }),
  },
  'PUT /api/memberships/:id/status': {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.target}/status`, body: { status: 'active' } }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/status`, body: { status: 'active' } }),
  },

  'GET /api/accounts/:id/setup': {
    own: (fx) => ({ url: `/api/accounts/${fx.bistro.id}/setup` }),
    foreign: (fx) => ({ url: `/api/accounts/${fx.store.id}/setup` }),
  },
  'PUT /api/accounts/:id/setup': {
    own: (fx) => ({ url: `/api/accounts/${fx.bistro.id}/setup`, body: { step: 'welcome', goTo: 'account' } }),
    foreign: (fx) => ({ url: `/api/accounts/${fx.store.id}/setup`, body: { step: 'welcome', goTo: 'account' } }),
  },
  'POST /api/accounts/:id/setup/complete': {
    own: (fx) => ({ url: `/api/accounts/${fx.bistro.id}/setup/complete` }),
    foreign: (fx) => ({ url: `/api/accounts/${fx.store.id}/setup/complete` }),
  },
  'POST /api/accounts/:id/setup/link': {
    own: (fx) => ({ url: `/api/accounts/${fx.bistro.id}/setup/link` }),
    foreign: (fx) => ({ url: `/api/accounts/${fx.store.id}/setup/link` }),
  },
  'POST /api/setup/start': {
    own: (fx) => ({ url: '/api/setup/start', body: { accountId: fx.bistro.id, token: 'nobodyholdsthistoken' } }),
  },
  'GET /api/modules': { own: () => ({ url: '/api/modules' }) },
  "PUT /api/modules/:key | a roster tool (the planner's)": {
    own: () => ({ url: '/api/modules/weather', body: { active: true } }),
  },
  'PUT /api/modules/:key | a team record (not the planner’s)': {
    own: () => ({ url: '/api/modules/dossiers', body: { active: true } }),
  },
  'GET /api/subscription': { own: () => ({ url: '/api/subscription' }) },
  'PUT /api/subscription/plan': {
    own: () => ({ url: '/api/subscription/plan', body: { plan: 'flex', billing: 'advance' } }),
  },
  'PUT /api/subscription/invoice-details': {
    own: () => ({
      url: '/api/subscription/invoice-details',
      body: {
        invoiceAddress: 'Hauptstraße 1, Berlin',
        vatNumber: 'DE123456789',
        registrationNumber: '',
        invoiceEmail: '',
      },
    }),
  },
  'POST /api/subscription/mandate': {
    own: () => ({
      url: '/api/subscription/mandate',
      body: { holder: 'Bistro Central GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', agreed: true },
    }),
  },
  'POST /api/subscription/subscribe': { own: () => ({ url: '/api/subscription/subscribe' }) },
  'POST /api/subscription/cancel': {
    // The sample's active accounts carry no paid period; give the Bistro one, so its cancellation can be resumed.
    own: async (fx) => {
      const periodEndsAt = new Date(now().getTime() + 10 * 24 * 60 * 60 * 1000);
      await fx.t.database.db.update(accounts).set({ periodEndsAt }).where(eq(accounts.id, fx.bistro.id));
      return { url: '/api/subscription/cancel' };
    },
  },
  'POST /api/subscription/resume': { own: () => ({ url: '/api/subscription/resume' }) },
  'POST /api/subscription/license': {
    own: () => ({ url: '/api/subscription/license', body: { code: 'NO-SUCH-CODE' } }),
  },
  'POST /api/subscription/discount': {
    own: () => ({ url: '/api/subscription/discount', body: { code: 'NO-SUCH-CODE' } }),
  },
  'GET /api/subscription/export': { own: () => ({ url: '/api/subscription/export' }) },
  'DELETE /api/subscription/account': {
    own: () => ({ url: '/api/subscription/account', body: { companyName: 'Not the company' } }),
  },
  'GET /api/settings/availability': { own: () => ({ url: '/api/settings/availability' }) },
  'PUT /api/settings/availability': {
    own: () => ({ url: '/api/settings/availability', body: { unavailablePolicy: 'warn' } }),
  },

  'GET /api/settings/general': { own: () => ({ url: '/api/settings/general' }) },
  'PUT /api/settings/general': {
    own: () => ({
      url: '/api/settings/general',
      body: {
        name: 'Bistro Central',
        country: 'DE',
        timeZone: 'Europe/Berlin',
        weekStartsOn: 'monday',
        locale: 'de',
        twoFactorRoles: [],
      },
    }),
  },
  'GET /api/settings/expenses': { own: () => ({ url: '/api/settings/expenses' }) },
  'PUT /api/settings/expenses': {
    own: () => ({
      url: '/api/settings/expenses',
      body: {
        expensesEnabled: true,
        travelEnabled: true,
        kmCompensationCents: 30,
        expenseMaxCents: null,
        expenseReceiptRequired: false,
      },
    }),
  },
  'GET /api/settings/advanced': { own: () => ({ url: '/api/settings/advanced' }) },
  'PUT /api/settings/advanced': {
    own: () => ({
      url: '/api/settings/advanced',
      body: {
        employeesMustApply: false,
        placeholderSignupNeedsConfirmation: false,
        swapsApproveAutomatically: true,
        contactsVisibility: 'private',
        maxItemsPerDay: 1,
        breakAfterSixHours: 30,
        breakAfterNineHours: 45,
      },
    }),
  },
  'GET /api/settings/company': { own: () => ({ url: '/api/settings/company' }) },
  'PUT /api/settings/company': {
    own: () => ({
      url: '/api/settings/company',
      body: {
        companyName: 'Bistro Central GmbH',
        invoiceAddress: null,
        vatNumber: null,
        registrationNumber: null,
        companyVisible: false,
      },
    }),
  },
  'GET /api/settings/check-in': { own: () => ({ url: '/api/settings/check-in' }) },
  'GET /api/settings/mail': { own: () => ({ url: '/api/settings/mail' }) },
  'POST /api/settings/mail/resend': { own: () => ({ url: '/api/settings/mail/resend', body: {} }) },
  'POST /api/settings/mail/:id/resend': {
    own: async (fx) => ({ url: `/api/settings/mail/${await failedMailOf(fx, fx.bistro.id)}/resend`, body: {} }),
    foreign: async (fx) => ({ url: `/api/settings/mail/${await failedMailOf(fx, fx.store.id)}/resend`, body: {} }),
  },
  'PUT /api/settings/check-in': {
    own: () => ({
      url: '/api/settings/check-in',
      body: {
        checkinLocationRequired: false,
        checkinRadiusMeters: 500,
        checkinMinMinutesBefore: 0,
        checkinMaxMinutesBefore: 30,
        checkinAutoCheckoutMinutes: null,
      },
    }),
  },
  'GET /api/holidays': { own: () => ({ url: '/api/holidays?year=2030' }) },
  'GET /api/holidays/regions': { own: () => ({ url: '/api/holidays/regions?country=DE' }) },
  'PUT /api/settings/holidays': {
    own: () => ({ url: '/api/settings/holidays', body: { country: 'DE', region: 'BE' } }),
  },
  'POST /api/holidays': { own: (fx) => ({ url: '/api/holidays', body: { date: fx.nextDate(), name: 'Closed' } }) },
  'PUT /api/holidays/:id': {
    own: async (fx) => ({
      url: `/api/holidays/${await fx.create('/api/holidays', { date: fx.nextDate(), name: 'Closed' })}`,
      body: { name: 'Closed all day' },
    }),
    foreign: async (fx) => ({ url: `/api/holidays/${await fx.foreignHoliday()}`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/holidays/:id': {
    own: async (fx) => ({
      url: `/api/holidays/${await fx.create('/api/holidays', { date: fx.nextDate(), name: 'Closed' })}`,
    }),
    foreign: async (fx) => ({ url: `/api/holidays/${await fx.foreignHoliday()}` }),
  },
  'GET /api/rates': { own: () => ({ url: '/api/rates' }) },
  'POST /api/rates': { own: () => ({ url: '/api/rates', body: rateBody() }) },
  'PUT /api/rates/:id': {
    own: async (fx) => ({
      url: `/api/rates/${await fx.create('/api/rates', rateBody())}`,
      body: { hourlyCents: 1500 },
    }),
    foreign: async (fx) => ({ url: `/api/rates/${await fx.foreignRate()}`, body: { hourlyCents: 1500 } }),
  },
  'DELETE /api/rates/:id': {
    own: async (fx) => ({ url: `/api/rates/${await fx.create('/api/rates', rateBody())}` }),
    foreign: async (fx) => ({ url: `/api/rates/${await fx.foreignRate()}` }),
  },
  'GET /api/premiums': { own: () => ({ url: '/api/premiums' }) },
  'POST /api/premiums': { own: () => ({ url: '/api/premiums', body: premiumBody() }) },
  'PUT /api/premiums/:id': {
    own: async (fx) => ({
      url: `/api/premiums/${await fx.create('/api/premiums', premiumBody())}`,
      body: { percent: 30 },
    }),
    foreign: async (fx) => ({ url: `/api/premiums/${await fx.foreignPremium()}`, body: { percent: 30 } }),
  },
  'DELETE /api/premiums/:id': {
    own: async (fx) => ({ url: `/api/premiums/${await fx.create('/api/premiums', premiumBody())}` }),
    foreign: async (fx) => ({ url: `/api/premiums/${await fx.foreignPremium()}` }),
  },
  'GET /api/contract-templates': { own: () => ({ url: '/api/contract-templates' }) },
  'POST /api/contract-templates': {
    own: () => ({ url: '/api/contract-templates?name=Contract&fileName=contract.doc', body: WORD_DOC }),
  },
  'GET /api/contract-templates/:id/file': {
    own: async (fx) => ({ url: `/api/contract-templates/${await fx.template()}/file` }),
    foreign: async (fx) => ({ url: `/api/contract-templates/${await fx.foreignTemplate()}/file` }),
  },
  'PUT /api/contract-templates/:id': {
    own: async (fx) => ({ url: `/api/contract-templates/${await fx.template()}`, body: { name: 'Part-time' } }),
    foreign: async (fx) => ({ url: `/api/contract-templates/${await fx.foreignTemplate()}`, body: { name: 'X' } }),
  },
  'DELETE /api/contract-templates/:id': {
    own: async (fx) => ({ url: `/api/contract-templates/${await fx.template()}` }),
    foreign: async (fx) => ({ url: `/api/contract-templates/${await fx.foreignTemplate()}` }),
  },

  'GET /api/contacts': { own: () => ({ url: '/api/contacts' }) },
  'GET /api/resources': { own: () => ({ url: '/api/resources' }) },
  'GET /api/resources/:id': {
    own: async (fx) => ({ url: `/api/resources/${await resourceOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/resources/${await resourceOf(fx, fx.store.id)}` }),
  },
  'POST /api/resources': {
    own: () => ({ url: '/api/resources', body: { name: 'Table van', kind: 'vehicle', type: 'Van', capacity: 3 } }),
  },
  'PUT /api/resources/:id': {
    own: async (fx) => ({ url: `/api/resources/${await resourceOf(fx)}`, body: { capacity: 5 } }),
    foreign: async (fx) => ({ url: `/api/resources/${await resourceOf(fx, fx.store.id)}`, body: { name: 'X' } }),
  },
  'GET /api/freelancer-invoices': { own: () => ({ url: '/api/freelancer-invoices' }) },
  'GET /api/freelancer-invoices/billable': {
    own: () => ({ url: '/api/freelancer-invoices/billable?from=2026-05-01&until=2026-05-31' }),
  },
  'POST /api/freelancer-invoices': {
    own: async (fx, who) => ({
      url: '/api/freelancer-invoices',
      body: await freelancerInvoiceBody(fx, fx.people[who].membershipId, fx.people[who].home),
    }),
  },
  'GET /api/freelancer-invoices/:id': {
    own: async (fx) => ({ url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx, true)}` }),
  },
  'GET /api/freelancer-invoices/:id/pdf': {
    own: async (fx) => ({ url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx)}/pdf` }),
    foreign: async (fx) => ({ url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx, true)}/pdf` }),
  },
  'POST /api/freelancer-invoices/:id/paid': {
    own: async (fx) => ({ url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx)}/paid` }),
    foreign: async (fx) => ({ url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx, true)}/paid` }),
  },
  'POST /api/freelancer-invoices/:id/reject': {
    own: async (fx) => ({
      url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx)}/reject`,
      body: { reason: 'Wrong rate' },
    }),
    foreign: async (fx) => ({
      url: `/api/freelancer-invoices/${await freelancerInvoiceOf(fx, true)}/reject`,
      body: { reason: 'Wrong rate' },
    }),
  },
  'GET /api/company': { own: () => ({ url: '/api/company' }) },
  'PUT /api/company': {
    own: () => ({ url: '/api/company', body: { about: 'About us', addresses: '', contacts: '', rules: '' } }),
  },
  'POST /api/company/files': { own: () => ({ url: '/api/company/files', ...uploadBody({}) }) },
  'DELETE /api/company/files/:id': {
    own: async (fx) => ({ url: `/api/company/files/${await companyFileOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/company/files/${await companyFileOf(fx, true)}` }),
  },
  'DELETE /api/resources/:id': {
    own: async (fx) => ({ url: `/api/resources/${await resourceOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/resources/${await resourceOf(fx, fx.store.id)}` }),
  },
  'GET /api/planning/overview': { own: () => ({ url: '/api/planning/overview' }) },
  'GET /api/clients': { own: () => ({ url: '/api/clients' }) },
  'GET /api/clients/:id': {
    own: async (fx) => ({ url: `/api/clients/${await clientOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/clients/${await clientOf(fx, fx.store.id)}` }),
  },
  'POST /api/clients': {
    own: () => ({ url: '/api/clients', body: { name: 'Table client', invoiceInterval: 'monthly' } }),
  },
  'PUT /api/clients/:id': {
    own: async (fx) => ({ url: `/api/clients/${await clientOf(fx)}`, body: { invoiceInterval: 'weekly' } }),
    foreign: async (fx) => ({ url: `/api/clients/${await clientOf(fx, fx.store.id)}`, body: { name: 'X' } }),
  },
  'DELETE /api/clients/:id': {
    own: async (fx) => ({ url: `/api/clients/${await clientOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/clients/${await clientOf(fx, fx.store.id)}` }),
  },
  'GET /api/client-invoices': { own: () => ({ url: '/api/client-invoices?status=draft' }) },
  'POST /api/client-invoices': {
    own: async (fx) => ({
      url: '/api/client-invoices',
      body: { clientId: await clientOf(fx), from: '2040-02-01', until: '2040-02-28' },
    }),
    foreign: async (fx) => ({
      url: '/api/client-invoices',
      body: { clientId: await clientOf(fx, fx.store.id), from: '2040-02-01', until: '2040-02-28' },
    }),
  },
  'GET /api/client-invoices/:id': {
    own: async (fx) => ({ url: `/api/client-invoices/${await clientInvoiceOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/client-invoices/${await foreignClientInvoice(fx)}` }),
  },
  'PUT /api/client-invoices/:id': {
    own: async (fx) => ({
      url: `/api/client-invoices/${await clientInvoiceOf(fx)}`,
      body: { lines: [{ id: 'l1', description: 'Edited', quantity: 3, unitCents: 1000 }] },
    }),
    foreign: async (fx) => ({ url: `/api/client-invoices/${await foreignClientInvoice(fx)}`, body: { lines: [] } }),
  },
  'DELETE /api/client-invoices/:id': {
    own: async (fx) => ({ url: `/api/client-invoices/${await clientInvoiceOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/client-invoices/${await foreignClientInvoice(fx)}` }),
  },
  'POST /api/client-invoices/:id/issue': {
    own: async (fx) => ({ url: `/api/client-invoices/${await clientInvoiceOf(fx)}/issue` }),
    foreign: async (fx) => ({ url: `/api/client-invoices/${await foreignClientInvoice(fx)}/issue` }),
  },
  'POST /api/client-invoices/:id/send': {
    own: async (fx) => ({ url: `/api/client-invoices/${await clientInvoiceOf(fx, { issued: true })}/send` }),
    foreign: async (fx) => ({ url: `/api/client-invoices/${await foreignClientInvoice(fx, true)}/send` }),
  },
  'GET /api/client-invoices/:id/pdf': {
    own: async (fx) => ({ url: `/api/client-invoices/${await clientInvoiceOf(fx, { issued: true })}/pdf` }),
    foreign: async (fx) => ({ url: `/api/client-invoices/${await foreignClientInvoice(fx, true)}/pdf` }),
  },
  'GET /api/client-invoices/:id/xml': {
    own: async (fx) => ({ url: `/api/client-invoices/${await clientInvoiceOf(fx, { issued: true })}/xml` }),
    foreign: async (fx) => ({ url: `/api/client-invoices/${await foreignClientInvoice(fx, true)}/xml` }),
  },
  'GET /api/client-billing/:id': {
    own: async (fx) => ({ url: `/api/client-billing/${await clientOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/client-billing/${await clientOf(fx, fx.store.id)}` }),
  },
  'PUT /api/client-billing/:id': {
    own: async (fx) => ({ url: `/api/client-billing/${await clientOf(fx)}`, body: billingBody }),
    foreign: async (fx) => ({ url: `/api/client-billing/${await clientOf(fx, fx.store.id)}`, body: billingBody }),
  },
  'GET /api/projects': { own: () => ({ url: '/api/projects' }) },
  'GET /api/projects/:id': {
    own: async (fx) => ({ url: `/api/projects/${await projectOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/projects/${await projectOf(fx, true)}` }),
  },
  'POST /api/projects': {
    own: async (fx) => ({ url: '/api/projects', body: await projectBody(fx) }),
    foreign: async (fx) => ({
      url: '/api/projects',
      body: await projectBody(fx, fx.bistro.hq, await clientOf(fx, fx.store.id)),
    }),
  },
  'PUT /api/projects/:id': {
    own: async (fx) => ({ url: `/api/projects/${await projectOf(fx)}`, body: { name: 'Renamed' } }),
    foreign: async (fx) => ({ url: `/api/projects/${await projectOf(fx, true)}`, body: { name: 'X' } }),
  },
  'DELETE /api/projects/:id': {
    own: async (fx) => ({ url: `/api/projects/${await projectOf(fx)}` }),
    foreign: async (fx) => ({ url: `/api/projects/${await projectOf(fx, true)}` }),
  },
  'GET /api/avatars': { own: () => ({ url: '/api/avatars' }) },
  'GET /api/gravatar': { own: () => ({ url: '/api/gravatar' }) },
  'GET /api/gravatar/:user/user': {
    own: async (fx) => ({ url: `/api/gravatar/${await userOf(fx, fx.bistro.staff)}/user` }),
    foreign: async (fx) => ({ url: `/api/gravatar/${await userOf(fx, fx.store.member)}/user` }),
  },
  'POST /api/memberships/:id/avatar | own membership': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/avatar`, body: TINY_PNG }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/avatar`, body: TINY_PNG }),
  },
  "POST /api/memberships/:id/avatar | someone else's": {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.staff}/avatar`, body: TINY_PNG }),
  },
  'DELETE /api/memberships/:id/avatar | own membership': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/avatar` }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/avatar` }),
  },
  "DELETE /api/memberships/:id/avatar | someone else's": {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.staff}/avatar` }),
  },

  'GET /api/documents/members': { own: () => ({ url: '/api/documents/members' }) },
  'GET /api/memberships/:id/documents | own file': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/documents` }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/documents` }),
  },
  "GET /api/memberships/:id/documents | someone else's": {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.staff}/documents` }),
  },
  'POST /api/memberships/:id/upload | own file': {
    own: (fx, who) => ({
      url: `/api/memberships/${fx.people[who].membershipId}/upload`,
      ...uploadBody({ key: 'uploads' }),
    }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/upload`, ...uploadBody({ key: 'uploads' }) }),
  },
  "POST /api/memberships/:id/upload | an HR document in someone else's file": {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.staff}/upload`, ...uploadBody({ key: 'others', type: 'hr' }) }),
  },
  'POST /api/payslips/split': { own: async () => ({ url: '/api/payslips/split', ...(await payslipBody({})) }) },
  'POST /api/payslips': {
    own: async (fx) => ({
      url: '/api/payslips',
      ...(await payslipBody({
        month: '2027-03',
        assignments: JSON.stringify([{ page: 1, membershipId: fx.bistro.staff }]),
      })),
    }),
    foreign: async (fx) => ({
      url: '/api/payslips',
      ...(await payslipBody({
        month: '2027-03',
        assignments: JSON.stringify([{ page: 1, membershipId: fx.store.member }]),
      })),
    }),
  },
  'DELETE /api/uploads/:id | own upload': {
    own: async (fx, who) => ({ url: `/api/uploads/${await uploadOf(fx, fx.people[who].membershipId)}` }),
    foreign: async (fx) => ({ url: `/api/uploads/${await foreignUpload(fx)}` }),
  },
  "DELETE /api/uploads/:id | an HR document in someone else's file": {
    own: async (fx) => ({
      url: `/api/uploads/${await uploadOf(fx, fx.bistro.staff, { hr: true, by: fx.people.owner.membershipId })}`,
    }),
  },
  'GET /api/uploads/:id': { own: async (fx) => ({ url: await downloadOf(fx) }) },

  'GET /api/availability | own': {
    own: (fx) => ({ url: `/api/availability?from=${fx.nextDate()}&until=${fx.nextDate()}` }),
  },
  "GET /api/availability | another member's": {
    own: (fx) => ({
      url: `/api/availability?from=${fx.nextDate()}&until=${fx.nextDate()}&membership=${fx.bistro.staff}`,
    }),
    foreign: (fx) => ({
      url: `/api/availability?from=${fx.nextDate()}&until=${fx.nextDate()}&membership=${fx.store.member}`,
    }),
  },
  'PUT /api/availability | own': {
    own: (fx, who) => ({
      url: '/api/availability',
      body: { membership: fx.people[who].membershipId, dates: [fx.nextDate()], type: 'available' },
    }),
    foreign: (fx) => ({
      url: '/api/availability',
      body: { membership: fx.store.member, dates: [fx.nextDate()], type: 'available' },
    }),
  },
  'DELETE /api/availability | own': {
    own: (fx, who) => ({
      url: '/api/availability',
      body: { membership: fx.people[who].membershipId, dates: [fx.nextDate()] },
    }),
    foreign: (fx) => ({ url: '/api/availability', body: { membership: fx.store.member, dates: [fx.nextDate()] } }),
  },
  'GET /api/memberships/:id/availability-defaults | own': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/availability-defaults` }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/availability-defaults` }),
  },
  'PUT /api/memberships/:id/availability-defaults | own': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/availability-defaults`, body: week }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/availability-defaults`, body: week }),
  },
  'GET /api/availability/overview': {
    own: (fx) => ({
      url: `/api/availability/overview?location=${fx.bistro.hq}&from=${fx.nextDate()}&until=${fx.nextDate()}`,
    }),
    foreign: (fx) => ({
      url: `/api/availability/overview?location=${fx.store.location}&from=${fx.nextDate()}&until=${fx.nextDate()}`,
    }),
  },
  'GET /api/sickness | own': { own: () => ({ url: '/api/sickness' }) },
  "GET /api/sickness | another member's": {
    own: (fx) => ({ url: `/api/sickness?membership=${fx.bistro.staff}` }),
    foreign: (fx) => ({ url: `/api/sickness?membership=${fx.store.member}` }),
  },
  'POST /api/sickness | own': {
    own: (fx, who) => {
      const date = fx.nextDate();
      return { url: '/api/sickness', body: { membership: fx.people[who].membershipId, start: date, end: date } };
    },
    foreign: (fx) => ({ url: '/api/sickness', body: { membership: fx.store.member, start: fx.nextDate() } }),
  },
  "PUT /api/sickness/:id | another member's": {
    own: async (fx) => ({ url: `/api/sickness/${await staffSickness(fx)}`, body: { notes: 'flu' } }),
    foreign: async (fx) => ({ url: `/api/sickness/${await foreignSickness(fx)}`, body: { notes: 'flu' } }),
  },
  "DELETE /api/sickness/:id | another member's": {
    own: async (fx) => ({ url: `/api/sickness/${await staffSickness(fx)}` }),
    foreign: async (fx) => ({ url: `/api/sickness/${await foreignSickness(fx)}` }),
  },

  'GET /api/locations': { own: () => ({ url: '/api/locations' }) },
  'GET /api/locations/:id | Headquarter': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}` }),
  },
  'POST /api/locations': { own: () => ({ url: '/api/locations', body: { name: 'New planning' } }) },
  'PUT /api/locations/:id': {
    own: async (fx, who) => ({ url: `/api/locations/${await fx.location(who)}`, body: { name: 'Renamed' } }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}`, body: { name: 'Renamed' } }),
  },
  'GET /api/locations/:id/staffing': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/staffing` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/staffing` }),
  },
  'PUT /api/locations/:id/staffing': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/staffing`, body: { needs: [] } }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/staffing`, body: { needs: [] } }),
  },
  'GET /api/locations/:id/staffing/preset': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/staffing/preset` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/staffing/preset` }),
  },
  'DELETE /api/locations/:id': {
    own: async (fx, who) => ({ url: `/api/locations/${await fx.location(who)}` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}` }),
  },
  'GET /api/duties': { own: () => ({ url: '/api/duties' }) },
  'GET /api/duties/:id': {
    own: (fx) => ({ url: `/api/duties/${fx.bistro.service}` }),
    foreign: (fx) => ({ url: `/api/duties/${fx.store.duty}` }),
  },
  'POST /api/duties': { own: () => ({ url: '/api/duties', body: dutyBody() }) },
  'PUT /api/duties/:id': {
    own: async (fx) => ({
      url: `/api/duties/${await fx.create('/api/duties', dutyBody())}`,
      body: { name: 'Renamed' },
    }),
    foreign: (fx) => ({ url: `/api/duties/${fx.store.duty}`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/duties/:id': {
    own: async (fx) => ({ url: `/api/duties/${await fx.create('/api/duties', dutyBody())}` }),
    foreign: (fx) => ({ url: `/api/duties/${fx.store.duty}` }),
  },
  'GET /api/shifts': { own: () => ({ url: '/api/shifts' }) },
  'GET /api/shifts/:id': {
    own: (fx) => ({ url: `/api/shifts/${fx.bistro.early}` }),
    foreign: (fx) => ({ url: `/api/shifts/${fx.store.shift}` }),
  },
  'POST /api/shifts': { own: (fx) => ({ url: '/api/shifts', body: shiftBody(fx) }) },
  'PUT /api/shifts/:id': {
    own: async (fx) => ({
      url: `/api/shifts/${await fx.create('/api/shifts', shiftBody(fx))}`,
      body: { name: 'Renamed' },
    }),
    foreign: (fx) => ({ url: `/api/shifts/${fx.store.shift}`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/shifts/:id': {
    own: async (fx) => ({ url: `/api/shifts/${await fx.create('/api/shifts', shiftBody(fx))}` }),
    foreign: (fx) => ({ url: `/api/shifts/${fx.store.shift}` }),
  },
  'GET /api/tags': { own: () => ({ url: '/api/tags' }) },
  'GET /api/tags/:id': {
    own: (fx) => ({ url: `/api/tags/${fx.bistro.barista}` }),
    foreign: (fx) => ({ url: `/api/tags/${fx.store.tag}` }),
  },
  'POST /api/tags': { own: () => ({ url: '/api/tags', body: tagBody() }) },
  'PUT /api/tags/:id': {
    own: async (fx) => ({ url: `/api/tags/${await fx.create('/api/tags', tagBody())}`, body: tagBody() }),
    foreign: (fx) => ({ url: `/api/tags/${fx.store.tag}`, body: tagBody() }),
  },
  'DELETE /api/tags/:id': {
    own: async (fx) => ({ url: `/api/tags/${await fx.create('/api/tags', tagBody())}` }),
    foreign: (fx) => ({ url: `/api/tags/${fx.store.tag}` }),
  },
  'GET /api/cost-centres': { own: () => ({ url: '/api/cost-centres' }) },
  'GET /api/cost-centres/:id': {
    own: (fx) => ({ url: `/api/cost-centres/${fx.bistro.defaultCostCentre}` }),
    foreign: (fx) => ({ url: `/api/cost-centres/${fx.store.costCentre}` }),
  },
  'POST /api/cost-centres': { own: () => ({ url: '/api/cost-centres', body: { name: 'Events' } }) },
  'PUT /api/cost-centres/:id': {
    own: async (fx) => ({
      url: `/api/cost-centres/${await fx.create('/api/cost-centres', { name: 'Events' })}`,
      body: { name: 'Renamed' },
    }),
    foreign: (fx) => ({ url: `/api/cost-centres/${fx.store.costCentre}`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/cost-centres/:id': {
    own: async (fx) => ({ url: `/api/cost-centres/${await fx.create('/api/cost-centres', { name: 'Events' })}` }),
    foreign: (fx) => ({ url: `/api/cost-centres/${fx.store.costCentre}` }),
  },
  'GET /api/memberships/:id/holdings | own': {
    own: (fx, who) => ({ url: `/api/memberships/${fx.people[who].membershipId}/holdings` }),
    foreign: (fx) => ({ url: `/api/memberships/${fx.store.member}/holdings` }),
  },
  "GET /api/memberships/:id/holdings | someone else's": {
    own: (fx) => ({ url: `/api/memberships/${fx.bistro.target}/holdings` }),
  },
  'PUT /api/memberships/:id/holdings': {
    own: (fx) => ({
      url: `/api/memberships/${fx.bistro.target}/holdings`,
      body: { locationIds: [fx.bistro.hq], dutyIds: [fx.bistro.service], tagIds: [] },
    }),
    foreign: (fx) => ({
      url: `/api/memberships/${fx.store.member}/holdings`,
      body: { locationIds: [], dutyIds: [], tagIds: [] },
    }),
  },

  'GET /api/items | own planning': {
    own: (fx, who) => ({ url: `/api/items?scope=planning&location=${fx.people[who].home}&period=week` }),
    foreign: (fx) => ({ url: `/api/items?scope=planning&location=${fx.store.location}&period=week` }),
  },
  'GET /api/items | Café am Markt, a planning not all belong to': {
    own: (fx) => ({ url: `/api/items?scope=planning&location=${fx.bistro.cafe}&period=week` }),
  },
  'GET /api/locations/:location/items | own planning': {
    own: async (fx, who) => ({ url: `/api/locations/${fx.people[who].home}/items?ids=${await fx.item()}` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/items?ids=${fx.store.item}` }),
  },
  'GET /api/locations/:location/items | Café am Markt, a planning not all belong to': {
    own: async (fx) => ({ url: `/api/locations/${fx.bistro.cafe}/items?ids=${await fx.item()}` }),
  },
  'GET /api/items | own duties': {
    own: (fx, who) => ({ url: `/api/items?scope=planning&location=${fx.people[who].home}&period=week&mine=1` }),
    foreign: (fx) => ({ url: `/api/items?scope=planning&location=${fx.store.location}&period=week&mine=1` }),
  },
  'GET /api/items | own duties in Café am Markt': {
    own: (fx) => ({ url: `/api/items?scope=planning&location=${fx.bistro.cafe}&period=week&mine=1&compact=1` }),
  },
  'GET /api/items | the preset': {
    own: (fx) => ({ url: `/api/items?scope=preset&location=${fx.bistro.hq}` }),
    foreign: (fx) => ({ url: `/api/items?scope=preset&location=${fx.store.location}` }),
  },
  'POST /api/items | open item': {
    own: (fx) => ({
      url: '/api/items',
      body: { location: fx.bistro.hq, date: fx.nextDate(), duty: fx.bistro.service },
    }),
    foreign: (fx) => ({ url: '/api/items', body: { location: fx.store.location, date: fx.nextDate() } }),
  },
  'POST /api/items | with a person': {
    own: (fx) => ({
      url: '/api/items',
      body: { location: fx.bistro.hq, date: fx.nextDate(), duty: fx.bistro.service, times, user: fx.bistro.staff },
    }),
  },
  'DELETE /api/items/:id': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}` }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}` }),
  },
  'PUT /api/items/:id/times': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/times`, body: times }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/times`, body: times }),
  },
  'DELETE /api/items/:id/times': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/times` }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/times` }),
  },
  'PUT /api/items/:id/shift': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/shift`, body: { shift: fx.bistro.early } }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/shift`, body: { shift: fx.store.shift } }),
  },
  'DELETE /api/items/:id/shift': {
    own: async (fx) => ({ url: `/api/items/${await fx.item({ shiftId: fx.bistro.early })}/shift` }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/shift` }),
  },
  'PUT /api/items/:id/duty': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/duty`, body: { duty: fx.bistro.service } }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/duty`, body: { duty: fx.store.duty } }),
  },
  'PUT /api/items/:id/tags': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/tags`, body: { tags: [fx.bistro.barista] } }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/tags`, body: { tags: [] } }),
  },
  'PUT /api/items/:id/notes': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/notes`, body: { notes: 'Bring the keys' } }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/notes`, body: { notes: 'x' } }),
  },
  'PUT /api/items/:id/internal': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/internal`, body: { internal: 'Trial shift' } }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/internal`, body: { internal: 'x' } }),
  },
  'PUT /api/items/:id/resource': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/resource`, body: { resource: await resourceOf(fx) } }),
    foreign: async (fx) => ({ url: `/api/items/${fx.store.item}/resource`, body: { resource: await resourceOf(fx) } }),
  },
  'PUT /api/items/:id/resource | a foreign resource': {
    own: async (fx) => ({
      url: `/api/items/${await fx.item()}/resource`,
      body: { resource: await resourceOf(fx, fx.store.id) },
    }),
  },
  'DELETE /api/items/:id/resource': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/resource` }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/resource` }),
  },
  'PUT /api/items/:id/sick': {
    own: async (fx) => ({
      url: `/api/items/${await fx.item({ membershipId: fx.bistro.staff })}/sick`,
      body: { percentage: 100 },
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/sick`, body: { percentage: 100 } }),
  },
  'DELETE /api/items/:id/sick': {
    own: async (fx) => ({
      url: `/api/items/${await fx.item({ membershipId: fx.bistro.staff, flag: 'sick', sick: { percentage: 100, cost: null, code: null } })}/sick`,
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/sick` }),
  },
  'DELETE /api/items/:id/conflicts': {
    own: async (fx) => ({
      url: `/api/items/${await fx.item({ conflicts: ['AVAILABILITY'] })}/conflicts`,
      body: { conflict: 'AVAILABILITY' },
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/conflicts`, body: { conflict: 'AVAILABILITY' } }),
  },
  'PUT /api/items/:id/user': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/user`, body: { user: fx.bistro.staff } }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/user`, body: { user: fx.store.member } }),
  },
  'DELETE /api/items/:id/user': {
    own: async (fx) => ({ url: `/api/items/${await fx.item({ membershipId: fx.bistro.staff })}/user` }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/user` }),
  },
  'GET /api/items/:id/users': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/users` }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/users` }),
  },
  'GET /api/locations/:location/users/:date': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/users/${fx.nextDate()}` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/users/${fx.nextDate()}` }),
  },
  'POST /api/locations/:location/matching': {
    own: async (fx) => {
      const from = fx.nextDate();
      return { url: `/api/locations/${await fx.location()}/matching`, body: { from, until: from, mode: 'fast' } };
    },
    foreign: (fx) => {
      const from = fx.nextDate();
      return { url: `/api/locations/${fx.store.location}/matching`, body: { from, until: from, mode: 'fast' } };
    },
  },
  'POST /api/autoroster': {
    own: (fx) => {
      const from = fx.nextDate();
      return { url: '/api/autoroster', body: { from, until: from, locations: [fx.bistro.hq], seconds: 1 } };
    },
    foreign: (fx) => {
      const from = fx.nextDate();
      return { url: '/api/autoroster', body: { from, until: from, locations: [fx.store.location], seconds: 1 } };
    },
  },
  'POST /api/autoroster/apply': {
    own: () => ({ url: '/api/autoroster/apply', body: { assignments: [] } }),
    foreign: (fx) => ({
      url: '/api/autoroster/apply',
      body: {
        assignments: [
          {
            location: fx.store.location,
            date: fx.nextDate(),
            shiftId: fx.store.location,
            dutyId: null,
            user: fx.store.member,
            item: null,
          },
        ],
      },
    }),
  },
  'POST /api/locations/:location/matching/apply': {
    own: async (fx) => ({
      url: `/api/locations/${fx.bistro.hq}/matching/apply`,
      body: { assignments: [{ item: await fx.item(), user: fx.bistro.staff }] },
    }),
    foreign: (fx) => ({
      url: `/api/locations/${fx.store.location}/matching/apply`,
      body: { assignments: [{ item: fx.store.item, user: fx.store.member }] },
    }),
  },

  'PUT /api/items/:id/sign-in | an open item of their planning': {
    // No duty: holding it is the sign-in rule's business, not the role's.
    own: async (fx, who) => ({
      url: `/api/items/${await fx.item({ location: fx.people[who].home, dutyId: null })}/sign-in`,
      body: {},
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/sign-in`, body: {} }),
  },
  'GET /api/swaps': { own: () => ({ url: '/api/swaps' }) },
  'POST /api/swaps | own duty, not released': {
    own: async (fx, who) => ({
      url: '/api/swaps',
      body: { item: await fx.item({ location: fx.people[who].home, membershipId: fx.people[who].membershipId }) },
    }),
    foreign: (fx) => ({ url: '/api/swaps', body: { item: fx.store.item } }),
  },
  "POST /api/swaps/:id/accept | a colleague's gift": {
    own: async (fx, who) => ({ url: `/api/swaps/${await giftFor(fx, who)}/accept` }),
    foreign: async (fx) => ({ url: `/api/swaps/${await foreignOffer(fx)}/accept` }),
  },
  "POST /api/swaps/:id/decline | a colleague's gift": {
    own: async (fx, who) => ({ url: `/api/swaps/${await giftFor(fx, who)}/decline` }),
    foreign: async (fx) => ({ url: `/api/swaps/${await foreignOffer(fx)}/decline` }),
  },
  'DELETE /api/swaps/:id | own offer': {
    own: async (fx, who) => ({ url: `/api/swaps/${await ownOffer(fx, who)}` }),
    foreign: async (fx) => ({ url: `/api/swaps/${await foreignOffer(fx)}` }),
  },
  'POST /api/swaps/:id/decision | waiting for a planner': {
    own: async (fx) => ({
      url: `/api/swaps/${await waitingOffer(fx)}/decision`,
      body: { approve: false, message: 'Not this week' },
    }),
    foreign: async (fx) => ({
      url: `/api/swaps/${await foreignOffer(fx)}/decision`,
      body: { approve: false },
    }),
  },
  'PUT /api/items/:id/sign-in/confirmation': {
    own: async (fx) => ({
      url: `/api/items/${await fx.item({ membershipId: fx.bistro.staff, pendingConfirmation: true })}/sign-in/confirmation`,
      body: { confirm: true },
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/sign-in/confirmation`, body: { confirm: true } }),
  },
  'PUT /api/items/:id/sign-out | own item, no body': {
    own: async (fx, who) => ({
      url: `/api/items/${await fx.item({ location: fx.people[who].home, membershipId: fx.people[who].membershipId })}/sign-out`,
      body: {},
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/sign-out`, body: {} }),
  },
  "PUT /api/items/:id/sign-out | someone else's item, no body": {
    own: async (fx) => ({ url: `/api/items/${await fx.item({ membershipId: fx.bistro.staff })}/sign-out`, body: {} }),
  },
  'PUT /api/items/:id/sign-out | the planner denies': {
    own: async (fx) => ({
      url: `/api/items/${await fx.item({ membershipId: fx.bistro.staff, flag: 'signout' })}/sign-out`,
      body: { confirm: false },
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/sign-out`, body: { confirm: false } }),
  },
  'DELETE /api/items/:id/sign-out | own request': {
    own: async (fx, who) => ({
      url: `/api/items/${await fx.item({ location: fx.people[who].home, membershipId: fx.people[who].membershipId, flag: 'signout' })}/sign-out`,
    }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/sign-out` }),
  },
  "DELETE /api/items/:id/sign-out | someone else's request": {
    own: async (fx) => ({
      url: `/api/items/${await fx.item({ membershipId: fx.bistro.staff, flag: 'signout' })}/sign-out`,
    }),
  },
  'GET /api/items/:id/applications': {
    own: async (fx) => ({ url: `/api/items/${await fx.item()}/applications` }),
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/applications` }),
  },
  'PUT /api/items/:id/applications/:membership': {
    own: async (fx) => {
      const item = await fx.item();
      await fx.application(item, fx.bistro.staff);
      return { url: `/api/items/${item}/applications/${fx.bistro.staff}`, body: { accepted: false } };
    },
    foreign: (fx) => ({
      url: `/api/items/${fx.store.item}/applications/${fx.store.member}`,
      body: { accepted: false },
    }),
  },
  'DELETE /api/items/:id/applications | own application': {
    own: async (fx, who) => {
      const item = await fx.item();
      await fx.application(item, fx.people[who].membershipId);
      return { url: `/api/items/${item}/applications` };
    },
    foreign: (fx) => ({ url: `/api/items/${fx.store.item}/applications` }),
  },

  'PUT /api/locations/:location/notes/:date': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/notes/${fx.nextDate()}`, body: { content: 'Delivery at 9' } }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/notes/${fx.nextDate()}`, body: { content: 'x' } }),
  },
  'POST /api/messages': {
    own: (fx) => ({
      url: '/api/messages',
      body: { location: fx.bistro.hq, date: fx.nextDate(), comment: 'Inventory' },
    }),
    foreign: (fx) => ({
      url: '/api/messages',
      body: { location: fx.store.location, date: fx.nextDate(), comment: 'x' },
    }),
  },
  'DELETE /api/messages/:id | own comment': {
    // Written before day comments were the planners' (or by a planner who is now an employee).
    own: async (fx, who) => ({ url: `/api/messages/${await fx.comment(fx.people[who].membershipId)}` }),
    foreign: (fx) => ({ url: `/api/messages/${fx.store.comment}` }),
  },
  "DELETE /api/messages/:id | someone else's comment": {
    own: async (fx) => ({ url: `/api/messages/${await fx.comment(fx.bistro.staff)}` }),
  },
  'GET /api/item/messages | planned on the item': {
    own: async (fx, who) => ({
      url: `/api/item/messages?item=${await fx.item({ location: fx.people[who].home, membershipId: fx.people[who].membershipId })}`,
    }),
    foreign: (fx) => ({ url: `/api/item/messages?item=${fx.store.item}` }),
  },
  "GET /api/item/messages | someone else's item": {
    own: async (fx) => ({ url: `/api/item/messages?item=${await fx.item({ membershipId: fx.bistro.staff })}` }),
  },
  'POST /api/item/messages | planned on the item': {
    own: async (fx, who) => ({
      url: '/api/item/messages',
      body: {
        item: await fx.item({ location: fx.people[who].home, membershipId: fx.people[who].membershipId }),
        message: 'OK',
      },
    }),
    foreign: (fx) => ({ url: '/api/item/messages', body: { item: fx.store.item, message: 'x' } }),
  },
  "POST /api/item/messages | someone else's item": {
    own: async (fx) => ({
      url: '/api/item/messages',
      body: { item: await fx.item({ membershipId: fx.bistro.staff }), message: 'Please come at 6:45' },
    }),
  },
  'DELETE /api/item/messages/:id | own message': {
    own: async (fx, who) => ({
      url: `/api/item/messages/${await fx.message(await fx.item(), fx.people[who].membershipId)}`,
    }),
    foreign: (fx) => ({ url: `/api/item/messages/${fx.store.message}` }),
  },
  "DELETE /api/item/messages/:id | someone else's message": {
    own: async (fx) => ({ url: `/api/item/messages/${await fx.message(await fx.item(), fx.bistro.staff)}` }),
  },

  'PUT /api/locations/:location/release': {
    own: async (fx, who) => ({
      url: `/api/locations/${await fx.location(who)}/release`,
      body: { date: fx.nextDate() },
    }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/release`, body: { date: fx.nextDate() } }),
  },
  'GET /api/locations/:location/release-preview': {
    own: async (fx, who) => ({
      url: `/api/locations/${await fx.location(who)}/release-preview?date=${fx.nextDate()}`,
    }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/release-preview?date=${fx.nextDate()}` }),
  },
  'POST /api/items/bulk/paste': {
    own: async (fx) => ({
      url: '/api/items/bulk/paste',
      body: { items: [await fx.item()], mode: 'copy', dates: [fx.nextDate()], withUsers: false },
    }),
    foreign: (fx) => ({
      url: '/api/items/bulk/paste',
      body: { items: [fx.store.item], mode: 'copy', dates: [fx.nextDate()], withUsers: false },
    }),
  },
  'POST /api/items/bulk/duplicate': {
    own: async (fx) => ({ url: '/api/items/bulk/duplicate', body: { items: [await fx.item()] } }),
    foreign: (fx) => ({ url: '/api/items/bulk/duplicate', body: { items: [fx.store.item] } }),
  },
  'POST /api/items/bulk/fill': {
    own: (fx) => {
      const date = fx.nextDate();
      return {
        url: '/api/items/bulk/fill',
        body: { location: fx.bistro.hq, from: date, until: date, duty: fx.bistro.service, count: 1 },
      };
    },
    foreign: (fx) => {
      const date = fx.nextDate();
      return {
        url: '/api/items/bulk/fill',
        body: { location: fx.store.location, from: date, until: date, duty: fx.store.duty, count: 1 },
      };
    },
  },
  'POST /api/items/bulk/empty': {
    own: async (fx) => ({ url: '/api/items/bulk/empty', body: { items: [await fx.item()] } }),
    foreign: (fx) => ({ url: '/api/items/bulk/empty', body: { items: [fx.store.item] } }),
  },
  'POST /api/items/bulk/delete': {
    own: async (fx) => ({ url: '/api/items/bulk/delete', body: { items: [await fx.item()] } }),
    foreign: (fx) => ({ url: '/api/items/bulk/delete', body: { items: [fx.store.item] } }),
  },
  'PUT /api/locations/:location/preset': {
    own: async (fx, who) => ({
      url: `/api/locations/${await fx.location(who)}/preset`,
      body: { from: fx.nextDate(), weeks: 1 },
    }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/preset`, body: { from: fx.nextDate(), weeks: 1 } }),
  },
  'POST /api/locations/:location/preset/apply': {
    own: async (fx, who) => {
      const location = await fx.location(who);
      const saved = await fx.people.owner.agent.put(`/api/locations/${location}/preset`, {
        from: fx.nextDate(),
        weeks: 1,
      });
      if (saved.statusCode !== 200) throw new Error(`preset: ${saved.statusCode} ${saved.body}`);
      const from = fx.nextDate();
      return { url: `/api/locations/${location}/preset/apply`, body: { from, until: from, withUsers: false } };
    },
    foreign: (fx) => {
      const from = fx.nextDate();
      return { url: `/api/locations/${fx.store.location}/preset/apply`, body: { from, until: from, withUsers: false } };
    },
  },

  'GET /api/locations/:location/copy-week': {
    own: async (fx, who) => ({ url: `/api/locations/${await fx.location(who)}/copy-week?date=${fx.nextDate()}` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/copy-week?date=${fx.nextDate()}` }),
  },
  'POST /api/locations/:location/copy-week': {
    own: async (fx, who) => ({
      url: `/api/locations/${await fx.location(who)}/copy-week`,
      body: { date: fx.nextDate() },
    }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/copy-week`, body: { date: fx.nextDate() } }),
  },

  'GET /api/calendar-feed': { own: () => ({ url: '/api/calendar-feed' }) },
  'POST /api/calendar-feed': { own: () => ({ url: '/api/calendar-feed', body: {} }) },
  'DELETE /api/calendar-feed': { own: () => ({ url: '/api/calendar-feed' }) },
  'GET /api/locations/:location/calendar-feed': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/calendar-feed` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/calendar-feed` }),
  },
  'POST /api/locations/:location/calendar-feed': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/calendar-feed`, body: {} }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/calendar-feed`, body: {} }),
  },
  'DELETE /api/locations/:location/calendar-feed': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/calendar-feed` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/calendar-feed` }),
  },

  'GET /api/locations/:location/wall-screen': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/wall-screen` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/wall-screen` }),
  },
  'POST /api/locations/:location/wall-screen': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/wall-screen`, body: {} }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/wall-screen`, body: {} }),
  },
  'DELETE /api/locations/:location/wall-screen': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/wall-screen` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/wall-screen` }),
  },

  'GET /api/vacation | own': { own: () => ({ url: '/api/vacation?year=2030' }) },
  "GET /api/vacation | another member's": {
    own: (fx) => ({ url: `/api/vacation?year=2030&membership=${fx.bistro.staff}` }),
    foreign: (fx) => ({ url: `/api/vacation?year=2030&membership=${fx.store.member}` }),
  },
  'GET /api/vacation/preview | own': {
    own: (fx, who) => {
      const date = weekday(fx);
      return { url: `/api/vacation/preview?membership=${fx.people[who].membershipId}&from=${date}&until=${date}` };
    },
    foreign: (fx) => {
      const date = weekday(fx);
      return { url: `/api/vacation/preview?membership=${fx.store.member}&from=${date}&until=${date}` };
    },
  },
  'POST /api/vacation | own': {
    own: async (fx, who) => {
      const membership = fx.people[who].membershipId;
      const date = await workday(fx, membership);
      return {
        url: '/api/vacation',
        body: { membership, from: date, until: date, duration: 'full', compensation: 'paid' },
      };
    },
    foreign: async (fx) => {
      const date = await workday(fx, fx.store.member);
      return {
        url: '/api/vacation',
        body: { membership: fx.store.member, from: date, until: date, duration: 'full', compensation: 'paid' },
      };
    },
  },
  "POST /api/vacation | another member's": {
    own: async (fx) => {
      const date = await workday(fx, fx.bistro.staff);
      return {
        url: '/api/vacation',
        body: { membership: fx.bistro.staff, from: date, until: date, duration: 'full', compensation: 'paid' },
      };
    },
  },
  'GET /api/vacation/:id | own': {
    own: async (fx, who) => ({ url: `/api/vacation/${await vacationOf(fx, fx.people[who].membershipId)}` }),
    foreign: async (fx) => ({ url: `/api/vacation/${await vacationOf(fx, fx.store.member)}` }),
  },
  "GET /api/vacation/:id | another member's": {
    own: async (fx) => ({ url: `/api/vacation/${await vacationOf(fx, fx.bistro.staff)}` }),
  },
  'PUT /api/vacation/:id/decision': {
    own: async (fx) => ({
      url: `/api/vacation/${await vacationOf(fx, fx.bistro.staff)}/decision`,
      body: { decision: 'denied', message: 'Busy week' },
    }),
    foreign: async (fx) => ({
      url: `/api/vacation/${await vacationOf(fx, fx.store.member)}/decision`,
      body: { decision: 'denied' },
    }),
  },
  'POST /api/vacation/decisions': {
    own: async (fx) => ({
      url: '/api/vacation/decisions',
      body: { ids: [await vacationOf(fx, fx.bistro.staff)], decision: 'approved' },
    }),
    foreign: async (fx) => ({
      url: '/api/vacation/decisions',
      body: { ids: [await vacationOf(fx, fx.store.member)], decision: 'approved' },
    }),
  },
  'PUT /api/vacation/:id | own': {
    own: async (fx, who) => {
      const membership = fx.people[who].membershipId;
      const id = await vacationOf(fx, membership);
      const date = await workday(fx, membership);
      return {
        url: `/api/vacation/${id}`,
        body: { from: date, until: date, duration: 'morning', compensation: 'paid', note: 'Moved' },
      };
    },
    foreign: async (fx) => {
      const date = weekday(fx);
      return {
        url: `/api/vacation/${await vacationOf(fx, fx.store.member)}`,
        body: { from: date, until: date, duration: 'full', compensation: 'paid' },
      };
    },
  },
  'PUT /api/vacation/:id/withdraw | own': {
    own: async (fx, who) => ({ url: `/api/vacation/${await vacationOf(fx, fx.people[who].membershipId)}/withdraw` }),
    foreign: async (fx) => ({ url: `/api/vacation/${await vacationOf(fx, fx.store.member)}/withdraw` }),
  },
  'PUT /api/vacation/:id/remove': {
    own: async (fx) => ({ url: `/api/vacation/${await vacationOf(fx, fx.bistro.staff, 'approved')}/remove`, body: {} }),
    foreign: async (fx) => ({
      url: `/api/vacation/${await vacationOf(fx, fx.store.member, 'approved')}/remove`,
      body: {},
    }),
  },
  'GET /api/vacation/balances': { own: () => ({ url: '/api/vacation/balances?year=2030' }) },
  'GET /api/vacation/balances/:id | own': {
    own: (fx, who) => ({ url: `/api/vacation/balances/${fx.people[who].membershipId}?year=2030` }),
    foreign: (fx) => ({ url: `/api/vacation/balances/${fx.store.member}?year=2030` }),
  },
  "GET /api/vacation/balances/:id | another member's": {
    own: (fx) => ({ url: `/api/vacation/balances/${fx.bistro.staff}?year=2030` }),
  },
  'POST /api/vacation/balances/:id/adjustments': {
    own: (fx) => ({
      url: `/api/vacation/balances/${fx.bistro.staff}/adjustments`,
      body: { year: 2030, kind: 'credit', days: 1, reason: 'Overtime paid in days' },
    }),
    foreign: (fx) => ({
      url: `/api/vacation/balances/${fx.store.member}/adjustments`,
      body: { year: 2030, kind: 'credit', days: 1, reason: 'x' },
    }),
  },
  'DELETE /api/vacation/balances/:id/adjustments/:adjustment': {
    own: async (fx) => ({
      url: `/api/vacation/balances/${fx.bistro.staff}/adjustments/${await adjustmentOf(fx, fx.bistro.staff)}`,
    }),
    foreign: async (fx) => ({
      url: `/api/vacation/balances/${fx.store.member}/adjustments/${await adjustmentOf(fx, fx.store.member)}`,
    }),
  },
  'GET /api/balances': {
    own: async (fx) => {
      await withBalances(fx);
      return { url: '/api/balances' };
    },
  },
  'GET /api/balances/:id | own': {
    own: async (fx, who) => {
      await withBalances(fx);
      return { url: `/api/balances/${fx.people[who].membershipId}` };
    },
    foreign: async (fx) => {
      await withBalances(fx);
      return { url: `/api/balances/${fx.store.member}` };
    },
  },
  "GET /api/balances/:id | another member's": {
    own: async (fx) => {
      await withBalances(fx);
      return { url: `/api/balances/${fx.bistro.staff}` };
    },
  },
  'POST /api/balances/:id/corrections': {
    own: async (fx) => {
      await withBalances(fx);
      return {
        url: `/api/balances/${fx.bistro.staff}/corrections`,
        body: { date: weekday(fx), minutes: 90, reason: 'Stayed for the inventory' },
      };
    },
    foreign: async (fx) => {
      await withBalances(fx);
      return {
        url: `/api/balances/${fx.store.member}/corrections`,
        body: { date: weekday(fx), minutes: 90, reason: 'x' },
      };
    },
  },
  'DELETE /api/balances/:id/corrections/:correction': {
    own: async (fx) => {
      await withBalances(fx);
      return { url: `/api/balances/${fx.bistro.staff}/corrections/${await correctionOf(fx, fx.bistro.staff)}` };
    },
    foreign: async (fx) => {
      await withBalances(fx);
      return { url: `/api/balances/${fx.store.member}/corrections/${await correctionOf(fx, fx.store.member)}` };
    },
  },
  'GET /api/channels': { own: () => ({ url: '/api/channels' }) },
  'POST /api/channels': {
    own: (fx, who) => ({
      url: '/api/channels',
      body: { type: 'group', title: 'Table', participants: [reachable(fx, who)] },
    }),
    foreign: (fx) => ({ url: '/api/channels', body: { type: 'single', participants: [fx.store.member] } }),
  },
  'GET /api/channels/:channel': {
    own: async (fx, who) => ({ url: `/api/channels/${await channelWith(fx, who)}` }),
    foreign: async (fx) => ({ url: `/api/channels/${(await foreignChannel(fx)).channel}` }),
  },
  'PUT /api/channels/:channel': {
    own: async (fx, who) => ({ url: `/api/channels/${await channelWith(fx, who)}`, body: { title: 'Renamed' } }),
    foreign: async (fx) => ({ url: `/api/channels/${(await foreignChannel(fx)).channel}`, body: { title: 'x' } }),
  },
  'GET /api/channels/:channel/chats': {
    own: async (fx, who) => ({ url: `/api/channels/${await channelWith(fx, who)}/chats?before=1000000` }),
    foreign: async (fx) => ({ url: `/api/channels/${(await foreignChannel(fx)).channel}/chats?before=1000000` }),
  },
  'POST /api/channels/:channel/chats': {
    own: async (fx, who) => ({ url: `/api/channels/${await channelWith(fx, who)}/chats`, body: { message: 'Hi' } }),
    foreign: async (fx) => ({
      url: `/api/channels/${(await foreignChannel(fx)).channel}/chats`,
      body: { message: 'x' },
    }),
  },
  'POST /api/channels/:channel/participants': {
    own: async (fx, who) => ({
      url: `/api/channels/${await channelWith(fx, who, { also: [] })}/participants`,
      body: {
        participants: [
          who === 'owner' || who === 'planner' ? fx.people.manager.membershipId : fx.people.owner.membershipId,
        ],
      },
    }),
    foreign: async (fx) => ({
      url: `/api/channels/${(await foreignChannel(fx)).channel}/participants`,
      body: { participants: [fx.people.planner.membershipId] },
    }),
  },
  'DELETE /api/channels/:channel/participants/:membership | leaving': {
    own: async (fx, who) => ({
      url: `/api/channels/${await channelWith(fx, who)}/participants/${fx.people[who].membershipId}`,
    }),
    foreign: async (fx) => {
      const { channel, member } = await foreignChannel(fx);
      return { url: `/api/channels/${channel}/participants/${member}` };
    },
  },
  'DELETE /api/channels/:channel/participants/:membership | someone else, in a group another member created': {
    own: async (fx, who) => {
      const creator = who === 'planner' ? fx.people.owner.membershipId : fx.people.planner.membershipId;
      const channel = await channelWith(fx, who, { creator, also: [fx.bistro.staff] });
      return { url: `/api/channels/${channel}/participants/${fx.bistro.staff}` };
    },
  },
  'GET /api/chat-contacts': { own: () => ({ url: '/api/chat-contacts' }) },
  'GET /api/memberships/unread-chats': { own: () => ({ url: '/api/memberships/unread-chats' }) },
  'PUT /api/memberships/unread-chats': {
    own: async (fx, who) => ({
      url: '/api/memberships/unread-chats',
      body: { status: 'read', channel: await channelWith(fx, who) },
    }),
    foreign: async (fx) => ({
      url: '/api/memberships/unread-chats',
      body: { status: 'read', channel: (await foreignChannel(fx)).channel },
    }),
  },

  // Notifications, today, activity log, help (docs/product/notifications.md)
  'GET /api/notifications': { own: () => ({ url: '/api/notifications' }) },
  'PUT /api/notifications/read': {
    own: async (fx, who) => ({ url: '/api/notifications/read', body: { ids: [await ownNotification(fx, who)] } }),
    foreign: async (fx) => ({ url: '/api/notifications/read', body: { ids: [await foreignNotification(fx)] } }),
  },
  'DELETE /api/notifications/:id': {
    own: async (fx, who) => ({ url: `/api/notifications/${await ownNotification(fx, who)}` }),
    foreign: async (fx) => ({ url: `/api/notifications/${await foreignNotification(fx)}` }),
  },
  'GET /api/notifications/settings': { own: () => ({ url: '/api/notifications/settings' }) },
  'PUT /api/notifications/settings': { own: () => ({ url: '/api/notifications/settings', body: allOn }) },
  'POST /api/notifications/push': { own: (_fx, who) => ({ url: '/api/notifications/push', body: pushBody(who) }) },
  'DELETE /api/notifications/push': {
    own: (_fx, who) => ({ url: '/api/notifications/push', body: { endpoint: pushBody(who).endpoint } }),
  },
  'GET /api/today': { own: () => ({ url: '/api/today' }) },
  'GET /api/next-steps': { own: () => ({ url: '/api/next-steps' }) },
  'GET /api/inbox': {
    own: () => ({ url: '/api/inbox' }),
    foreign: (fx) => ({ url: `/api/inbox?location=${fx.store.location}` }),
  },
  'GET /api/activity-log | not a special account': { own: () => ({ url: '/api/activity-log' }) },
  'GET /api/lessons': { own: () => ({ url: '/api/lessons' }) },
  'PUT /api/lessons/:id/view': {
    own: () => ({ url: '/api/lessons/stay-informed/view' }),
    foreign: () => ({ url: '/api/lessons/try-the-demo/view' }),
  },
  'GET /api/calendar/:month/:year': { own: () => ({ url: '/api/calendar/3/2027' }) },
};

const HOURS_TIMES = { from: '09:00', until: '17:00', break: 30 };
const PNG_SIGNATURE = {
  image:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  name: 'Table signee',
};

Object.assign(REQUESTS, {
  'GET /api/hours | approved tab': { own: () => ({ url: '/api/hours?tab=approved' }) },
  'GET /api/hours/options': { own: () => ({ url: '/api/hours/options' }) },
  'POST /api/hours | own past planned item': {
    own: async (fx, who) => ({
      url: '/api/hours',
      body: { item: await pastItem(fx, fx.people[who].membershipId, fx.people[who].home), ...HOURS_TIMES },
    }),
    foreign: async (fx) => ({
      url: '/api/hours',
      body: { item: await pastItem(fx, fx.store.member, fx.store.location, fx.store.id), ...HOURS_TIMES },
    }),
  },
  'PUT /api/hours/:id | own pending hours': {
    own: async (fx, who) => ({
      url: `/api/hours/${await hoursRow(fx, fx.people[who].membershipId, fx.people[who].home)}`,
      body: HOURS_TIMES,
    }),
    foreign: async (fx) => ({ url: `/api/hours/${await foreignHours(fx)}`, body: HOURS_TIMES }),
  },
  'DELETE /api/hours/:id | own pending hours': {
    own: async (fx, who) => ({
      url: `/api/hours/${await hoursRow(fx, fx.people[who].membershipId, fx.people[who].home)}`,
    }),
    foreign: async (fx) => ({ url: `/api/hours/${await foreignHours(fx)}` }),
  },
  'POST /api/hours/:id/approve': {
    own: async (fx) => ({ url: `/api/hours/${await staffHours(fx)}/approve`, body: {} }),
    foreign: async (fx) => ({ url: `/api/hours/${await foreignHours(fx)}/approve`, body: {} }),
  },
  'POST /api/hours/:id/deny': {
    own: async (fx) => ({ url: `/api/hours/${await staffHours(fx)}/deny`, body: { message: 'Please check' } }),
    foreign: async (fx) => ({ url: `/api/hours/${await foreignHours(fx)}/deny`, body: { message: 'x' } }),
  },
  'POST /api/hours/:id/reopen': {
    own: async (fx) => ({ url: `/api/hours/${await staffHours(fx, 'approved')}/reopen`, body: {} }),
    foreign: async (fx) => ({ url: `/api/hours/${await foreignHours(fx, 'approved')}/reopen`, body: {} }),
  },
  'POST /api/hours/:id/sign': {
    own: async (fx) => ({
      url: `/api/hours/${await staffHours(fx, 'approved')}/sign`,
      body: { signature: PNG_SIGNATURE },
    }),
    foreign: async (fx) => ({
      url: `/api/hours/${await foreignHours(fx, 'approved')}/sign`,
      body: { signature: PNG_SIGNATURE },
    }),
  },
  'PUT /api/hours/:id/billed': {
    own: async (fx) => ({ url: `/api/hours/${await staffHours(fx, 'approved')}/billed`, body: { billed: true } }),
    foreign: async (fx) => ({ url: `/api/hours/${await foreignHours(fx, 'approved')}/billed`, body: { billed: true } }),
  },
  'POST /api/hours/approve': {
    own: async (fx) => ({ url: '/api/hours/approve', body: { ids: [await staffHours(fx)] } }),
    foreign: async (fx) => ({ url: '/api/hours/approve', body: { ids: [await foreignHours(fx)] } }),
  },
  'POST /api/hours/deny': {
    own: async (fx) => ({ url: '/api/hours/deny', body: { ids: [await staffHours(fx)], message: 'Please check' } }),
    foreign: async (fx) => ({ url: '/api/hours/deny', body: { ids: [await foreignHours(fx)], message: 'x' } }),
  },
  'POST /api/hours/confirm': {
    own: async (fx) => ({
      url: '/api/hours/confirm',
      body: { items: [await pastItem(fx, fx.bistro.staff, fx.bistro.hq)] },
    }),
    foreign: async (fx) => ({
      url: '/api/hours/confirm',
      body: { items: [await pastItem(fx, fx.store.member, fx.store.location, fx.store.id)] },
    }),
  },
} satisfies Record<string, Builders>);

/** Reports and lists: a foreign planning in the filters, or a foreign saved report or job, answers 404. */
const listsOn =
  (build: (fx: Fixture, who: Who) => Promise<Request> | Request) =>
  async (fx: Fixture, who: Who): Promise<Request> => {
    await withLists(fx);
    return build(fx, who);
  };
const listsOnForeign =
  (build: (fx: Fixture) => Promise<Request> | Request) =>
  async (fx: Fixture): Promise<Request> => {
    await withLists(fx);
    return build(fx);
  };
for (const [base, kind, wrap, wrapForeign] of [
  ['/api/reports', 'report', (b: Build) => b, (b: (fx: Fixture) => Promise<Request> | Request) => b],
  ['/api/lists', 'list', listsOn, listsOnForeign],
] as const) {
  Object.assign(REQUESTS, {
    [`GET ${base}/options`]: { own: wrap(() => ({ url: `${base}/options` })) },
    [`POST ${base}/preview`]: {
      own: wrap(() => ({ url: `${base}/preview`, body: FILTERS })),
      foreign: wrapForeign((fx) => ({ url: `${base}/preview`, body: { ...FILTERS, locations: [fx.store.location] } })),
    },
    [`POST ${base}/download`]: {
      own: wrap(() => ({ url: `${base}/download`, body: downloadBody() })),
      foreign: wrapForeign((fx) => ({ url: `${base}/download`, body: downloadBody([fx.store.location]) })),
    },
    [`GET ${base}/saved`]: { own: wrap(() => ({ url: `${base}/saved` })) },
    [`POST ${base}/saved`]: {
      own: wrap(() => ({ url: `${base}/saved`, body: savedBody })),
      foreign: wrapForeign((fx) => ({
        url: `${base}/saved`,
        body: { ...savedBody, filters: { ...FILTERS, locations: [fx.store.location] } },
      })),
    },
    [`PUT ${base}/saved/:id`]: {
      own: wrap(async (fx) => ({ url: `${base}/saved/${await savedRow(fx, kind)}`, body: savedBody })),
      foreign: wrapForeign(async (fx) => ({
        url: `${base}/saved/${await savedRow(fx, kind, fx.store.id)}`,
        body: savedBody,
      })),
    },
    [`DELETE ${base}/saved/:id`]: {
      own: wrap(async (fx) => ({ url: `${base}/saved/${await savedRow(fx, kind)}` })),
      foreign: wrapForeign(async (fx) => ({ url: `${base}/saved/${await savedRow(fx, kind, fx.store.id)}` })),
    },
  } satisfies Record<string, Builders>);
}
Object.assign(REQUESTS, {
  'POST /api/reports/payroll': {
    own: async (fx) => ({ url: '/api/reports/payroll', body: await payrollWeek(fx) }),
    foreign: (fx) => ({ url: '/api/reports/payroll', body: { ...FILTERS, locations: [fx.store.location] } }),
  },
  'GET /api/exports/:id': {
    own: async (fx, who) => ({ url: `/api/exports/${await exportRow(fx, fx.people[who].membershipId)}` }),
    foreign: async (fx) => ({ url: `/api/exports/${await exportRow(fx, fx.store.member, fx.store.id)}` }),
  },
  'GET /api/exports/:id/file': {
    own: async (fx, who) => ({ url: `/api/exports/${await exportRow(fx, fx.people[who].membershipId)}/file` }),
    foreign: async (fx) => ({ url: `/api/exports/${await exportRow(fx, fx.store.member, fx.store.id)}/file` }),
  },
} satisfies Record<string, Builders>);
Object.assign(REQUESTS, {
  'GET /api/locations/:location/print': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/print?week=2025-03-10` }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/print?week=2025-03-10` }),
  },
  'POST /api/locations/:location/print/mail': {
    own: (fx) => ({ url: `/api/locations/${fx.bistro.hq}/print/mail`, body: { week: '2025-03-10' } }),
    foreign: (fx) => ({ url: `/api/locations/${fx.store.location}/print/mail`, body: { week: '2025-03-10' } }),
  },
} satisfies Record<string, Builders>);
Object.assign(REQUESTS, {
  'GET /api/checkins': { own: () => ({ url: '/api/checkins' }) },
  'GET /api/checkins/mine': { own: () => ({ url: '/api/checkins/mine' }) },
  'POST /api/checkins | own duty running now': {
    own: async (fx, who) => ({
      url: '/api/checkins',
      body: { item: await dutyNow(fx, fx.people[who].membershipId, fx.people[who].home), position: HERE },
    }),
    foreign: async (fx) => ({
      url: '/api/checkins',
      body: { item: await dutyNow(fx, fx.store.member, fx.store.location, fx.store.id), position: HERE },
    }),
  },
  'POST /api/checkins/:id/checkout | own open check-in': {
    own: async (fx, who) => ({
      url: `/api/checkins/${await openCheckin(fx, fx.people[who].membershipId, fx.people[who].home)}/checkout`,
      body: {},
    }),
    foreign: async (fx) => ({
      url: `/api/checkins/${await openCheckin(fx, fx.store.member, fx.store.location, fx.store.id)}/checkout`,
      body: {},
    }),
  },
  'POST /api/checkins/:id/supervisor-checkout': {
    own: async (fx) => ({
      url: `/api/checkins/${await openCheckin(fx, fx.bistro.staff, fx.bistro.hq)}/supervisor-checkout`,
      body: {},
    }),
    foreign: async (fx) => ({
      url: `/api/checkins/${await openCheckin(fx, fx.store.member, fx.store.location, fx.store.id)}/supervisor-checkout`,
      body: {},
    }),
  },
  'GET /api/settings/check-in/locations': { own: () => ({ url: '/api/settings/check-in/locations' }) },
  'PUT /api/settings/check-in/locations/:id/coordinates': {
    own: (fx) => ({
      url: `/api/settings/check-in/locations/${fx.bistro.cafe}/coordinates`,
      body: { coordinates: HERE },
    }),
    foreign: (fx) => ({
      url: `/api/settings/check-in/locations/${fx.store.location}/coordinates`,
      body: { coordinates: HERE },
    }),
  },
  'POST /api/settings/check-in/locations/:id/geocode': {
    own: (fx) => ({ url: `/api/settings/check-in/locations/${fx.bistro.cafe}/geocode`, body: {} }),
    foreign: (fx) => ({ url: `/api/settings/check-in/locations/${fx.store.location}/geocode`, body: {} }),
  },
} satisfies Record<string, Builders>);

Object.assign(REQUESTS, {
  'GET /api/statistics': { own: () => ({ url: '/api/statistics' }) },
} satisfies Record<string, Builders>);

Object.assign(REQUESTS, {
  'GET /api/invoices': { own: () => ({ url: '/api/invoices' }) },
  ...Object.fromEntries(
    ['', '/pdf', '/xml'].map((tail) => [
      `GET /api/invoices/:id${tail}`,
      {
        own: async (fx: Fixture) => ({ url: `/api/invoices/${await invoiceOf(fx)}${tail}` }),
        foreign: async (fx: Fixture) => ({ url: `/api/invoices/${await foreignInvoice(fx)}${tail}` }),
      },
    ]),
  ),
  'GET /api/i/:id/:hash | a wrong hash': {
    own: async (fx: Fixture) => ({ url: `/api/i/${await invoiceOf(fx)}/${'a'.repeat(32)}` }),
  },
  'POST /api/operator/direct-debits': {
    own: () => ({ url: '/api/operator/direct-debits', body: { collectionDate: '2027-02-01' } }),
  },
});

Object.assign(REQUESTS, {
  'GET /api/tokens': { own: () => ({ url: '/api/tokens' }) },
  'POST /api/tokens': {
    own: () => ({
      url: '/api/tokens',
      body: { kind: 'personal', name: 'Mine', scopes: ['roster.read'], expiresInDays: 7 },
    }),
  },
  'DELETE /api/tokens/:id': {
    own: async (fx: Fixture, who: Who) => ({ url: `/api/tokens/${await tokenOf(fx, fx.people[who].membershipId)}` }),
    foreign: async (fx: Fixture) => ({ url: `/api/tokens/${await tokenOf(fx, fx.store.member, fx.store.id)}` }),
  },
  'GET /api/webhooks': { own: () => ({ url: '/api/webhooks' }) },
  'POST /api/webhooks': { own: () => ({ url: '/api/webhooks', body: webhookBody }) },
  'PUT /api/webhooks/:id': {
    own: async (fx: Fixture) => ({
      url: `/api/webhooks/${await webhookOf(fx)}`,
      body: { ...webhookBody, enabled: true },
    }),
    foreign: async (fx: Fixture) => ({
      url: `/api/webhooks/${await webhookOf(fx, fx.store.id)}`,
      body: { ...webhookBody, enabled: true },
    }),
  },
  'DELETE /api/webhooks/:id': {
    own: async (fx: Fixture) => ({ url: `/api/webhooks/${await webhookOf(fx)}` }),
    foreign: async (fx: Fixture) => ({ url: `/api/webhooks/${await webhookOf(fx, fx.store.id)}` }),
  },
  'GET /api/webhooks/:id/deliveries': {
    own: async (fx: Fixture) => ({ url: `/api/webhooks/${await webhookOf(fx)}/deliveries` }),
    foreign: async (fx: Fixture) => ({ url: `/api/webhooks/${await webhookOf(fx, fx.store.id)}/deliveries` }),
  },
  'POST /api/webhooks/:id/test': {
    own: async (fx: Fixture) => ({ url: `/api/webhooks/${await webhookOf(fx)}/test`, body: {} }),
    foreign: async (fx: Fixture) => ({ url: `/api/webhooks/${await webhookOf(fx, fx.store.id)}/test`, body: {} }),
  },
} satisfies Record<string, Builders>);
