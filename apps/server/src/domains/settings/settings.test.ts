import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { sampleIds } from '../../../test/sample';
import {
  accountHolidays,
  contractTemplates,
  locations,
  memberships,
  premiums,
  rates,
  rosterItems,
} from '../../db/schema';
import { zip } from '../../sample/settings';
import { expectForbidden, insertItem, READ_ONLY_EMAILS } from '../catalog/fixtures.test-helpers';
import { wordFormatOf } from './templates';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let employee: Agent;
let bistro: Awaited<ReturnType<typeof sampleIds>>;
let store: Awaited<ReturnType<typeof sampleIds>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  bistro = await sampleIds(t.database.db, 'Bistro Central');
  store = await sampleIds(t.database.db, 'Corner Store');
});
afterAll(async () => t.dispose());

const GENERAL = {
  name: 'Bistro Central',
  country: 'DE',
  timeZone: 'Europe/Berlin',
  weekStartsOn: 'monday',
  locale: 'de',
  twoFactorRoles: [],
};
const WORD_97 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2048, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const DOCX = zip([
  [
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  ['word/document.xml', '<w:document/>'],
]);

const upload = (agent: Agent, body: Buffer, name = 'Full-time', fileName = 'full-time.doc') =>
  agent.request(
    'POST',
    `/api/contract-templates?name=${encodeURIComponent(name)}&fileName=${encodeURIComponent(fileName)}`,
    body,
    { 'content-type': 'application/octet-stream' },
  );

async function limitManager(limited: boolean) {
  await t.database.db
    .update(memberships)
    .set({ managerLimited: limited })
    .where(eq(memberships.id, bistro.memberships['manager@example.com']));
}

describe('general settings', () => {
  it('answers the stored values and saves a whole page, which init then carries', async () => {
    const before = (await owner.get('/api/settings/general')).json();
    expect(before).toEqual({ ...GENERAL });
    const res = await owner.put('/api/settings/general', {
      ...GENERAL,
      name: 'Bistro Central Berlin',
      weekStartsOn: 'sunday',
      locale: 'en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bistro Central Berlin', weekStartsOn: 'sunday', locale: 'en' });
    const init = (await owner.get('/api/app/init')).json();
    expect(init.account).toMatchObject({ name: 'Bistro Central Berlin', settings: { weekStartsOn: 'sunday' } });
    await owner.put('/api/settings/general', GENERAL);
  });

  it('refuses an unknown time zone and an empty name on their fields (422)', async () => {
    const res = await owner.put('/api/settings/general', { ...GENERAL, name: ' ', timeZone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields).sort()).toEqual(['name', 'timeZone']);
  });

  it('requires two-factor sign-in only for the chosen roles', async () => {
    await owner.put('/api/settings/general', { ...GENERAL, twoFactorRoles: ['planner'] });
    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Welcome123' } });
    expect((await login('planner@example.com')).json().twoFactor).toBe('setup');
    expect((await login('owner@example.com')).json().twoFactor).toBe('none');
    expect((await owner.get('/api/settings/general')).json().twoFactorRoles).toEqual(['planner']);
    await owner.put('/api/settings/general', GENERAL);
    expect((await login('planner@example.com')).json().twoFactor).toBe('none');
  });

  it('keeps the local times of roster items when the time zone changes, and moves their instants', async () => {
    const id = await insertItem(t.database.db, {
      accountId: bistro.accountId,
      locationId: bistro.locations.Headquarter,
      date: '2030-07-01',
      fromMinutes: 9 * 60,
      untilMinutes: 17 * 60,
      startAt: new Date('2030-07-01T07:00:00Z'),
      endAt: new Date('2030-07-01T15:00:00Z'),
    });
    await owner.put('/api/settings/general', { ...GENERAL, timeZone: 'Europe/London' });
    const [moved] = await t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id));
    expect([moved.fromMinutes, moved.startAt?.toISOString(), moved.endAt?.toISOString()]).toEqual([
      540,
      '2030-07-01T08:00:00.000Z',
      '2030-07-01T16:00:00.000Z',
    ]);
    await owner.put('/api/settings/general', GENERAL);
    await t.database.db.delete(rosterItems).where(eq(rosterItems.id, id));
  });

  it('a new country starts its holidays nationwide', async () => {
    await owner.put('/api/settings/holidays', { country: 'DE', region: 'BY' });
    await owner.put('/api/settings/general', { ...GENERAL, country: 'NL' });
    expect((await owner.get('/api/holidays?year=2026')).json().settings).toEqual({ country: 'NL', region: null });
    await owner.put('/api/settings/general', GENERAL);
    await owner.put('/api/settings/holidays', { country: 'DE', region: 'BE' });
  });
});

describe('expenses, advanced, company and check-in', () => {
  it('round-trips each page', async () => {
    const pages = {
      expenses: {
        expensesEnabled: true,
        travelEnabled: false,
        kmCompensationCents: 30,
        expenseMaxCents: 20_000,
        expenseReceiptRequired: true,
      },
      advanced: {
        employeesMustApply: true,
        placeholderSignupNeedsConfirmation: true,
        swapsApproveAutomatically: false,
        contactsVisibility: 'public',
        maxItemsPerDay: 2,
        breakAfterSixHours: 15,
        breakAfterNineHours: 60,
      },
      company: {
        companyName: 'Bistro Central GmbH',
        invoiceAddress: 'Invalidenstraße 12\n10115 Berlin',
        vatNumber: 'DE123456789',
        registrationNumber: 'HRB 1',
        companyVisible: true,
      },
    };
    for (const [page, body] of Object.entries(pages)) {
      expect((await owner.put(`/api/settings/${page}`, body)).json()).toEqual(body);
      expect((await owner.get(`/api/settings/${page}`)).json()).toEqual(body);
    }
    const init = (await owner.get('/api/app/init')).json();
    expect(init.account.settings).toMatchObject({ contactsVisibility: 'public', companyVisible: true });
  });

  it('clears empty company fields and keeps the other settings keys', async () => {
    const res = await owner.put('/api/settings/company', {
      companyName: '',
      invoiceAddress: '  ',
      vatNumber: null,
      registrationNumber: null,
      companyVisible: false,
    });
    expect(res.json()).toMatchObject({ companyName: null, invoiceAddress: null });
    expect((await owner.get('/api/settings/advanced')).json().maxItemsPerDay).toBe(2);
  });

  it('refuses control characters and lone surrogates in the invoice address, keeping its line breaks', async () => {
    const company = { companyName: null, vatNumber: null, registrationNumber: null, companyVisible: false };
    for (const bad of ['Main St 1\u0000', 'bell\u0007', 'esc\u001b[31m', 'x\uD800y']) {
      const res = await owner.put('/api/settings/company', { ...company, invoiceAddress: bad });
      expect([res.statusCode, res.json().fields], bad).toEqual([422, { invoiceAddress: ['validation.characters'] }]);
    }
    const ok = await owner.put('/api/settings/company', { ...company, invoiceAddress: 'Main St 1\n10115 Berlin' });
    expect(ok.json().invoiceAddress).toBe('Main St 1\n10115 Berlin');
  });

  it('checks the check-in window and names plannings without a full address', async () => {
    const bad = await owner.put('/api/settings/check-in', {
      checkinLocationRequired: true,
      checkinRadiusMeters: 500,
      checkinMinMinutesBefore: 30,
      checkinMaxMinutesBefore: 10,
      checkinAutoCheckoutMinutes: null,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual({ checkinMaxMinutesBefore: ['settings.errors.maxBeforeMin'] });
    await t.database.db.insert(locations).values({ accountId: bistro.accountId, name: 'Food truck', city: 'Berlin' });
    const res = await owner.put('/api/settings/check-in', {
      checkinLocationRequired: true,
      checkinRadiusMeters: 250,
      checkinMinMinutesBefore: 0,
      checkinMaxMinutesBefore: 15,
      checkinAutoCheckoutMinutes: 45,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      settings: { checkinRadiusMeters: 250, checkinAutoCheckoutMinutes: 45 },
      incompleteLocations: [{ name: 'Food truck' }],
    });
  });

  it('is for owners and managers without the limitation', async () => {
    const requests = ['general', 'expenses', 'advanced', 'company', 'check-in'].flatMap((page) => [
      { method: 'GET' as const, url: `/api/settings/${page}` },
      { method: 'PUT' as const, url: `/api/settings/${page}`, body: page === 'general' ? GENERAL : {} },
    ]);
    expect((await manager.get('/api/settings/general')).statusCode).toBe(200);
    await expectForbidden(
      planner,
      'planner',
      requests.filter((r) => r.method === 'GET'),
    );
    await expectForbidden(
      employee,
      'employee',
      requests.filter((r) => r.method === 'GET'),
    );
    await limitManager(true);
    const limited = await signIn(t.app, 'manager@example.com');
    await expectForbidden(limited, 'limited manager', [
      { method: 'GET', url: '/api/settings/general' },
      { method: 'PUT', url: '/api/settings/general', body: GENERAL },
    ]);
    await limitManager(false);
  });
});

describe('holidays', () => {
  it('lists the public holidays of the region and the account’s own days, for every member', async () => {
    const res = await employee.get('/api/holidays?year=2026');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual({ country: 'DE', region: 'BE' });
    const dates = body.public.map((h: { date: string }) => h.date);
    // Berlin keeps International Women's Day; Epiphany is Bavaria's.
    expect(dates).toEqual(expect.arrayContaining(['2026-01-01', '2026-03-08', '2026-10-03', '2026-12-25']));
    expect(dates).not.toContain('2026-01-06');
    // The sample's own days lie in the year the sample was made (the test clock's year), not in 2026.
    const [party] = await t.database.db
      .select({ date: accountHolidays.date })
      .from(accountHolidays)
      .where(eq(accountHolidays.name, 'Staff summer party (closed)'));
    const year = String(party.date).slice(0, 4);
    const own = (await employee.get(`/api/holidays?year=${year}`)).json().own;
    expect(own.map((h: { name: string }) => h.name)).toContain('Staff summer party (closed)');
    expect(own.every((h: { date: string }) => h.date.startsWith(year))).toBe(true);
  });

  it('names the public holidays in the page’s language (Accept-Language), else the member’s', async () => {
    const christmas = async (headers: Record<string, string>) =>
      (
        (await employee.request('GET', '/api/holidays?year=2026', undefined, headers)).json().public as {
          date: string;
          name: string;
        }[]
      ).find((h) => h.date === '2026-12-25')?.name;
    expect(await christmas({ 'accept-language': 'pl' })).toBe('Pierwszy dzień Bożego Narodzenia');
    expect(await christmas({ 'accept-language': 'de-DE,de;q=0.9' })).toBe('1. Weihnachtstag');
  });

  it('switches region; a region of another country answers 422 on the field', async () => {
    expect((await owner.put('/api/settings/holidays', { country: 'DE', region: 'BY' })).statusCode).toBe(200);
    const dates = (await owner.get('/api/holidays?year=2026')).json().public.map((h: { date: string }) => h.date);
    expect(dates).toContain('2026-01-06');
    expect(dates).not.toContain('2026-03-08');
    const bad = await owner.put('/api/settings/holidays', { country: 'NL', region: 'BY' });
    expect([bad.statusCode, bad.json().fields]).toEqual([422, { region: ['settings.errors.region'] }]);
    await owner.put('/api/settings/holidays', { country: 'DE', region: 'BE' });
  });

  it('names the regions of a country', async () => {
    const regions = (await employee.get('/api/holidays/regions?country=DE')).json().regions;
    expect(regions).toEqual(expect.arrayContaining([{ code: 'BE', name: 'Berlin' }]));
    expect(regions).toHaveLength(16);
  });

  it('keeps one own day per date, changes and deletes them', async () => {
    const created = await owner.post('/api/holidays', { date: '2027-02-11', name: 'Inventory day' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const twice = await owner.post('/api/holidays', { date: '2027-02-11', name: 'Again' });
    expect([twice.statusCode, twice.json().fields]).toEqual([422, { date: ['validation.taken'] }]);
    expect((await owner.put(`/api/holidays/${id}`, { name: 'Stocktaking' })).json()).toEqual({
      id,
      date: '2027-02-11',
      name: 'Stocktaking',
    });
    expect((await owner.get('/api/holidays?year=2027')).json().own).toEqual(
      expect.arrayContaining([{ id, date: '2027-02-11', name: 'Stocktaking' }]),
    );
    expect((await owner.delete(`/api/holidays/${id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/holidays/${id}`)).statusCode).toBe(404);
  });

  it('refuses an impossible date and other members’ changes', async () => {
    expect((await owner.post('/api/holidays', { date: '2027-02-30', name: 'X' })).statusCode).toBe(422);
    await expectForbidden(planner, 'planner', [
      { method: 'POST', url: '/api/holidays', body: { date: '2027-03-01', name: 'X' } },
      { method: 'PUT', url: '/api/settings/holidays', body: { country: 'DE', region: null } },
    ]);
  });
});

describe('rates', () => {
  it('creates, changes and deletes hourly wages; names are unique', async () => {
    const res = await owner.post('/api/rates', { name: 'Sous chef', hourlyCents: 2100, factor: 121 });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(res.json()).toEqual({ id, name: 'Sous chef', hourlyCents: 2100, factor: 121 });
    const dup = await owner.post('/api/rates', { name: 'sous CHEF', hourlyCents: 1, factor: 100 });
    expect([dup.statusCode, dup.json().fields]).toEqual([422, { name: ['validation.taken'] }]);
    expect((await owner.put(`/api/rates/${id}`, { hourlyCents: 2250 })).json().hourlyCents).toBe(2250);
    expect((await owner.get('/api/rates')).json().rates.map((r: { name: string }) => r.name)).toContain('Sous chef');
    expect((await owner.delete(`/api/rates/${id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(rates).where(eq(rates.id, id))).toEqual([]);
  });

  it('refuses negative amounts, fractions of a cent and factors out of range', async () => {
    for (const body of [
      { name: 'A', hourlyCents: -1, factor: 100 },
      { name: 'A', hourlyCents: 12.5, factor: 100 },
      { name: 'A', hourlyCents: 1200, factor: 0 },
      { name: 'A', hourlyCents: 1200, factor: 1001 },
    ]) {
      expect((await owner.post('/api/rates', body)).statusCode).toBe(422);
    }
  });

  it('is for owners and unlimited managers: planners do not see wages', async () => {
    expect((await manager.get('/api/rates')).statusCode).toBe(200);
    for (const email of ['planner@example.com', ...READ_ONLY_EMAILS]) {
      const agent = await signIn(t.app, email);
      await expectForbidden(agent, email, [
        { method: 'GET', url: '/api/rates' },
        { method: 'POST', url: '/api/rates', body: { name: 'X', hourlyCents: 1, factor: 100 } },
      ]);
    }
  });
});

describe('premiums', () => {
  const body = {
    name: 'Late night',
    percent: 30,
    weekdays: [5, 6],
    from: '23:00',
    until: '05:00',
    tagIds: [] as string[],
    holidays: false,
    active: true,
  };

  it('keeps weekdays, a window past midnight and tags', async () => {
    const res = await owner.post('/api/premiums', { ...body, tagIds: [bistro.tags.Barista] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...body, tagIds: [bistro.tags.Barista] });
    const id = res.json().id;
    expect((await owner.put(`/api/premiums/${id}`, { tagIds: [], percent: 35 })).json()).toMatchObject({
      tagIds: [],
      percent: 35,
      weekdays: [5, 6],
    });
    expect((await owner.delete(`/api/premiums/${id}`)).statusCode).toBe(200);
  });

  it('must apply to something, with a whole time window', async () => {
    const none = await owner.post('/api/premiums', { ...body, weekdays: [], from: null, until: null });
    expect([none.statusCode, none.json().fields]).toEqual([422, { weekdays: ['settings.errors.premiumBasis'] }]);
    const half = await owner.post('/api/premiums', { ...body, until: null });
    expect([half.statusCode, half.json().fields]).toEqual([422, { until: ['validation.required'] }]);
    const same = await owner.post('/api/premiums', { ...body, until: '23:00' });
    expect(same.json().fields).toEqual({ until: ['settings.errors.sameTimes'] });
    const created = (await owner.post('/api/premiums', { ...body, weekdays: [], tagIds: [] })).json();
    const emptied = await owner.put(`/api/premiums/${created.id}`, { from: null, until: null });
    expect([emptied.statusCode, emptied.json().fields]).toEqual([422, { weekdays: ['settings.errors.premiumBasis'] }]);
  });

  it('takes tags of the own account only', async () => {
    const res = await owner.post('/api/premiums', { ...body, tagIds: [store.tags['Key holder']] });
    expect([res.statusCode, res.json().fields]).toEqual([422, { tagIds: ['validation.unknownIds'] }]);
  });

  it('is refused to planners', async () => {
    await expectForbidden(planner, 'planner', [
      { method: 'GET', url: '/api/premiums' },
      { method: 'POST', url: '/api/premiums', body },
    ]);
  });
});

describe('contract templates', () => {
  it('the sample holds Word templates the content check accepts', async () => {
    const templates = (await owner.get('/api/contract-templates')).json().templates;
    expect(templates.map((x: { name: string }) => x.name)).toEqual(['Full-time (40 h)', 'Mini-job', 'Part-time']);
    expect(await wordFormatOf((await owner.get(`/api/contract-templates/${templates[0].id}/file`)).rawPayload)).toBe(
      'docx',
    );
  });

  it('keeps a Word file, answers it back and renames it', async () => {
    const res = await upload(owner, WORD_97, 'Mini-job', 'C:\\contracts\\mini-job.doc');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Mini-job',
      fileName: 'mini-job.doc',
      format: 'doc',
      size: WORD_97.length,
    });
    const id = res.json().id;
    const file = await owner.get(`/api/contract-templates/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/msword');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''mini-job.doc");
    expect(Buffer.compare(file.rawPayload, WORD_97)).toBe(0);
    expect((await owner.put(`/api/contract-templates/${id}`, { name: 'Mini-job 2027' })).json().name).toBe(
      'Mini-job 2027',
    );
    expect((await owner.get('/api/contract-templates')).json().templates).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, name: 'Mini-job 2027' })]),
    );
    expect((await owner.delete(`/api/contract-templates/${id}`)).statusCode).toBe(200);
  });

  it('reads a docx as docx, whatever its name says', async () => {
    const res = await upload(owner, DOCX, 'Part-time', 'part-time.doc');
    expect(res.json()).toMatchObject({ format: 'docx', fileName: 'part-time.doc' });
    const file = await owner.get(`/api/contract-templates/${res.json().id}/file`);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    await owner.delete(`/api/contract-templates/${res.json().id}`);
    const plainZip = await upload(owner, zip([['notes.txt', 'hello']]), 'Zip', 'notes.docx');
    expect(plainZip.json().fields).toEqual({ file: ['settings.errors.templateType'] });
  });

  it('decides by the content, not the name: a PDF called .docx is refused on the file field', async () => {
    const res = await upload(owner, PDF, 'Fake', 'fake.docx');
    expect([res.statusCode, res.json().fields]).toEqual([422, { file: ['settings.errors.templateType'] }]);
    const empty = await upload(owner, Buffer.alloc(0), 'Empty', 'empty.doc');
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('refuses files over 4 MB with 413', async () => {
    const big = Buffer.concat([WORD_97, Buffer.alloc(4 * 1024 * 1024)]);
    const res = await upload(owner, big, 'Big', 'big.doc');
    expect([res.statusCode, res.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('is refused to planners and employees', async () => {
    for (const [who, agent] of [
      ['planner', planner],
      ['employee', employee],
    ] as const) {
      expect([who, (await upload(agent, WORD_97)).statusCode]).toEqual([who, 403]);
      expect([who, (await agent.get('/api/contract-templates')).statusCode]).toEqual([who, 403]);
    }
  });
});

describe('tenancy', () => {
  it('answers another account’s holidays, rates, premiums and templates with 404', async () => {
    const db = t.database.db;
    const [rate] = await db.insert(rates).values({ accountId: store.accountId, name: 'S', hourlyCents: 1 }).returning();
    const [premium] = await db
      .insert(premiums)
      .values({ accountId: store.accountId, name: 'S', percent: 5, weekdays: [1] })
      .returning();
    const holiday = (await owner.post('/api/holidays', { date: '2028-01-02', name: 'Mine' })).json().id;
    const [template] = await db
      .insert(contractTemplates)
      .values({
        accountId: store.accountId,
        name: 'S',
        fileName: 's.doc',
        format: 'doc',
        size: 1,
        content: Buffer.from([1]),
        createdAt: new Date(0),
      })
      .returning();
    const storeOwner = await signIn(t.app, 'owner@example.com');
    await storeOwner.put(`/api/switch/account/${store.accountId}`, {});
    await expectForeignIdsNotFound(storeOwner, [
      { method: 'PUT', url: `/api/holidays/${holiday}`, body: { name: 'X' } },
      { method: 'DELETE', url: `/api/holidays/${holiday}` },
    ]);
    await expectForeignIdsNotFound(owner, [
      { method: 'PUT', url: `/api/rates/${rate.id}`, body: { hourlyCents: 2 } },
      { method: 'DELETE', url: `/api/rates/${rate.id}` },
      { method: 'PUT', url: `/api/premiums/${premium.id}`, body: { percent: 2 } },
      { method: 'DELETE', url: `/api/premiums/${premium.id}` },
      { method: 'GET', url: `/api/contract-templates/${template.id}/file` },
      { method: 'PUT', url: `/api/contract-templates/${template.id}`, body: { name: 'X' } },
      { method: 'DELETE', url: `/api/contract-templates/${template.id}` },
    ]);
    const [stillThere] = await db
      .select()
      .from(rates)
      .where(and(eq(rates.id, rate.id), eq(rates.hourlyCents, 1)));
    expect(stillThere).toBeDefined();
  });
});
