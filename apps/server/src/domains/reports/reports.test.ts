import { HOURS_DOWNLOAD_FIELDS, REPORT_SYNC_MAX_LINES } from '@app/contracts';
import { now } from '@app/domain';
import { and, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, expectForeignIdsNotFound } from '../../../test/app';
import { pdfFillColors, pdfText } from '../../../test/standards';
import { clients, hours, locations, memberships, users } from '../../db/schema';
import { type RosterTest, setUpRoster } from '../roster/testkit';
import { FILE_LABELS } from './labels';

let r: RosterTest;
let ada: Agent; // accountant
let olivia: Agent; // owner
let sam: Agent; // supervisor
let max: Agent; // manager
let emma: Agent; // employee

const ok = <T = any>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
  return res.json() as T;
};
const refused = (res: { statusCode: number; body: string; json: () => any }, status: number, code: string) => {
  expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
  return res.json();
};

/** Hours written straight into the table on fixed past days (long before the sample's two months). */
async function hoursOn(
  member: string,
  date: string,
  status: 'pending' | 'approved' | 'denied',
  extra: Partial<typeof hours.$inferInsert> = {},
) {
  const at = now();
  const [row] = await r.t.database.db
    .insert(hours)
    .values({
      accountId: r.ids.bistro,
      membershipId: member,
      locationId: r.ids.hq,
      dutyId: r.ids.service,
      date,
      fromMinutes: 9 * 60,
      untilMinutes: 17 * 60 + 30,
      breakMinutes: 30,
      minutes: 480,
      status,
      costCents: 14036,
      createdBy: member,
      createdAt: at,
      updatedAt: at,
      ...(status === 'approved' ? { approvedAt: at, approvedBy: r.ids.supervisor } : {}),
      ...extra,
    })
    .returning({ id: hours.id });
  return row.id;
}

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

beforeAll(async () => {
  r = await setUpRoster();
  emma = r.employee;
  [ada, olivia, sam, max] = await Promise.all(
    ['accountant@example.com', 'owner@example.com', 'supervisor@example.com', 'manager@example.com'].map((e) =>
      r.as(e),
    ),
  );
});
afterAll(async () => r?.t.dispose());

describe('who reaches reports and lists, by role and right', () => {
  it('reports are the accountant’s (and the owner’s); lists the planner’s, with the lists module', async () => {
    const options = ok(await ada.get('/api/reports/options'));
    expect(options.fields).toEqual([...HOURS_DOWNLOAD_FIELDS]);
    expect(options.statuses).toEqual(['pending', 'approved', 'denied']);
    expect(options.payroll).toBe(true);
    ok(await olivia.get('/api/reports/options'));
    for (const agent of [emma, sam, max, r.planner]) refused(await agent.get('/api/reports/options'), 403, 'FORBIDDEN');

    refused(await r.planner.get('/api/lists/options'), 403, 'MODULE_INACTIVE');
    ok(await olivia.put('/api/modules/lists', { active: true }));
    try {
      expect(ok(await r.planner.get('/api/lists/options')).statuses).toEqual(['assigned', 'open']);
      refused(await ada.get('/api/lists/options'), 403, 'FORBIDDEN');
      refused(await emma.get('/api/lists/options'), 403, 'FORBIDDEN');
    } finally {
      ok(await olivia.put('/api/modules/lists', { active: false }));
    }
  });
});

describe('filters, preview and downloads', () => {
  const range = { from: '2025-03-03', until: '2025-03-09' };
  beforeAll(async () => {
    await hoursOn(r.ids.emma, '2025-03-03', 'approved', { expensesCents: 1250, travelKm: 12, kmCompensationCents: 30 });
    await hoursOn(r.ids.emma, '2025-03-04', 'pending', { comment: 'Inventory' });
    await hoursOn(r.ids.mia, '2025-03-04', 'denied');
    await hoursOn(r.ids.mia, '2025-03-05', 'approved', { locationId: r.ids.cafe });
  });

  it('the preview counts lines and minutes per status and follows every filter', async () => {
    const all = ok(await ada.post('/api/reports/preview', range));
    // The totals count approved hours only unless statuses are chosen: pending and denied hours are listed, not summed.
    expect(all).toMatchObject({
      total: 4,
      minutes: 2 * 480,
      counted: ['approved'],
      statuses: { approved: 2, pending: 1, denied: 1 },
    });
    expect(ok(await ada.post('/api/reports/preview', { ...range, statuses: ['pending', 'denied'] }))).toMatchObject({
      total: 2,
      minutes: 2 * 480,
      counted: ['pending', 'denied'],
    });
    expect(all.lines.map((l: any) => l.date)).toEqual(['2025-03-03', '2025-03-04', '2025-03-04', '2025-03-05']);
    const filtered = async (f: object) => ok(await ada.post('/api/reports/preview', { ...range, ...f })).total;
    expect(await filtered({ statuses: ['approved'] })).toBe(2);
    expect(await filtered({ members: [r.ids.mia] })).toBe(2);
    expect(await filtered({ locations: [r.ids.cafe] })).toBe(1);
    expect(await filtered({ duties: [r.ids.kitchen] })).toBe(0);
    expect(await filtered({ duties: [r.ids.service], statuses: ['pending', 'denied'] })).toBe(2);
  });

  it('refuses a range the wrong way round, a download without fields, and another account’s ids', async () => {
    const back = await ada.post('/api/reports/preview', { from: '2025-03-09', until: '2025-03-03' });
    expect(back.statusCode).toBe(422);
    expect(back.json().fields).toHaveProperty('until');
    const none = await ada.post('/api/reports/download', {
      filters: range,
      fields: [],
      format: 'xlsx',
      group: 'employee',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().fields.fields).toEqual(['validation.fieldsRequired']);
    refused(await ada.post('/api/reports/preview', { ...range, locations: [r.ids.storeLocation] }), 404, 'NOT_FOUND');
    refused(await ada.post('/api/reports/preview', { ...range, members: [r.ids.storeMember] }), 404, 'NOT_FOUND');
  });

  it('downloads xlsx per employee with the fields picked, typed cells and a sum per group', async () => {
    const res = await ada.post('/api/reports/download', {
      filters: range,
      fields: [
        'lname',
        'date',
        'from',
        'until',
        'total',
        'status',
        'expenses_amount',
        'expenses_compensation',
        'location',
      ],
      format: 'xlsx',
      group: 'employee',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="hours-2025-03-03-2025-03-09.xlsx"');
    const sheet = await workbookOf(res.rawPayload);
    const en = FILE_LABELS.en;
    expect(sheet.name).toBe(en.sheet);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      en.groups.employee,
      en.fields.lname,
      en.fields.date,
      en.fields.from,
      en.fields.until,
      en.fields.total,
      en.fields.status,
      en.fields.expenses_amount,
      en.fields.expenses_compensation,
      en.fields.location,
    ]);
    const emmaRow = sheet.getRow(2);
    expect(emmaRow.getCell(1).value).toMatch(/^.+, Emma$/);
    expect((emmaRow.getCell(3).value as Date).toISOString()).toBe('2025-03-03T00:00:00.000Z');
    expect([emmaRow.getCell(4).value, emmaRow.getCell(5).value, emmaRow.getCell(6).value]).toEqual([
      '09:00',
      '17:30',
      8,
    ]);
    expect([emmaRow.getCell(7).value, emmaRow.getCell(8).value, emmaRow.getCell(9).value]).toEqual([
      'Approved',
      12.5,
      3.6,
    ]);
    // Emma's two lines (one approved, one pending), then her sum row: the approved line's 8 hours and 12.50
    // expenses, saying what it counts; the pending hours are listed, not added.
    const sum = sheet.getRow(4);
    expect(sum.getCell(1).value).toMatch(/^Sum .+, Emma \(Approved\)$/);
    expect([sum.getCell(6).value, sum.getCell(8).value]).toEqual([8, 12.5]);
    expect(sheet.rowCount).toBe(1 + 3 + 3);
  });

  it('downloads CSV per planning in the member’s language', async () => {
    const res = await ada.request(
      'POST',
      '/api/reports/download',
      { filters: range, fields: ['fname', 'date', 'total', 'status'], format: 'csv', group: 'planning' },
      { 'accept-language': 'de' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    const rows = text.trim().split('\r\n');
    expect(rows).toHaveLength(5);
    // The member's language is their own setting (English for the sample accountant).
    const labels = rows[0].startsWith('Planung') ? FILE_LABELS.de : FILE_LABELS.en;
    expect(rows[0]).toBe(
      [labels.groups.planning, labels.fields.fname, labels.fields.date, labels.fields.total, labels.fields.status].join(
        ';',
      ),
    );
    // The Bistro is a German account: ";" between fields (docs/product/reports.md, "Downloads").
    expect(rows.slice(1).map((l) => l.split(';')[0])).toEqual([
      'Café am Markt',
      'Headquarter',
      'Headquarter',
      'Headquarter',
    ]);
    expect(rows[2]).toBe(`Headquarter;Emma;2025-03-03;8;${labels.statuses.approved}`);
  });

  it("groups per client by the planning's client, by name, and the rest under No client", async () => {
    const [client] = await r.t.database.db
      .insert(clients)
      .values({ accountId: r.ids.bistro, name: 'Messe Nord' })
      .returning();
    await r.t.database.db.update(locations).set({ clientId: client.id }).where(eq(locations.id, r.ids.hq));
    try {
      const res = await ada.request(
        'POST',
        '/api/reports/download',
        { filters: range, fields: ['fname', 'date'], format: 'csv', group: 'client' },
        { 'accept-language': 'en' },
      );
      expect(res.statusCode).toBe(200);
      const rows = res.rawPayload
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const labels = rows[0].startsWith('Kunde') ? FILE_LABELS.de : FILE_LABELS.en;
      // Café am Markt has no client; Headquarter's three lines are Messe Nord's.
      expect(rows.slice(1).map((l) => l.split(';')[0])).toEqual([
        labels.noClient,
        'Messe Nord',
        'Messe Nord',
        'Messe Nord',
      ]);
    } finally {
      await r.t.database.db.update(locations).set({ clientId: null }).where(eq(locations.id, r.ids.hq));
    }
  });

  it('saves reports with labels; another account’s saved report answers 404', async () => {
    const body = {
      name: 'March payroll',
      labels: ['payroll', 'monthly', 'payroll'],
      filters: { ...range, statuses: ['approved'] },
      fields: ['lname', 'total'],
      group: 'employee',
    };
    const { saved } = ok(await ada.post('/api/reports/saved', body));
    expect(saved).toMatchObject({ kind: 'report', name: 'March payroll', labels: ['payroll', 'monthly'] });
    const renamed = ok(await olivia.put(`/api/reports/saved/${saved.id}`, { ...body, name: 'March', labels: ['x'] }));
    expect(renamed.saved).toMatchObject({ name: 'March', labels: ['x'] });
    expect(ok(await ada.get('/api/reports/saved')).saved.map((s: any) => s.name)).toEqual(['March']);
    refused(await emma.get('/api/reports/saved'), 403, 'FORBIDDEN');
    const store = await r.storeOwner();
    const { saved: foreign } = ok(await store.post('/api/reports/saved', body));
    await expectForeignIdsNotFound(ada, [
      { method: 'PUT', url: `/api/reports/saved/${foreign.id}`, body },
      { method: 'DELETE', url: `/api/reports/saved/${foreign.id}` },
    ]);
    ok(await ada.delete(`/api/reports/saved/${saved.id}`));
    expect(ok(await ada.get('/api/reports/saved')).saved).toEqual([]);
  });

  it('lists download the planned items with their people', async () => {
    ok(await olivia.put('/api/modules/lists', { active: true }));
    try {
      const monday = '2025-03-10';
      const { rosterItems } = await import('../../db/schema');
      await r.t.database.db.insert(rosterItems).values([
        {
          accountId: r.ids.bistro,
          locationId: r.ids.hq,
          date: monday,
          membershipId: r.ids.emma,
          dutyId: r.ids.service,
          fromMinutes: 480,
          untilMinutes: 960,
          breakMinutes: 30,
        },
        {
          accountId: r.ids.bistro,
          locationId: r.ids.hq,
          date: monday,
          dutyId: r.ids.bar,
          fromMinutes: 600,
          untilMinutes: 1080,
          breakMinutes: 0,
        },
      ]);
      const filters = { from: monday, until: monday };
      expect(ok(await r.planner.post('/api/lists/preview', filters))).toMatchObject({
        total: 2,
        minutes: 450 + 480,
        statuses: { assigned: 1, open: 1 },
      });
      expect(ok(await r.planner.post('/api/lists/preview', { ...filters, statuses: ['open'] })).total).toBe(1);
      const res = await r.planner.post('/api/lists/download', {
        filters,
        fields: ['fname', 'from', 'total', 'status'],
        format: 'csv',
        group: 'employee',
      });
      expect(res.statusCode).toBe(200);
      const rowsOf = (payload: Buffer) =>
        payload
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
      // A German account: ";" and a decimal comma, so a German spreadsheet reads 7,5 hours as a number.
      expect(rowsOf(res.rawPayload).slice(1)).toEqual([
        expect.stringMatching(/^[^;"]+, Emma;Emma;08:00;7,5;Planned$/),
        'Open duty;;10:00;8;Open',
      ]);
      // Another language: RFC 4180 (",", a decimal point, quotes where a field holds the separator).
      await r.settings({ locale: 'en' });
      try {
        const en = await r.planner.post('/api/lists/download', {
          filters,
          fields: ['fname', 'from', 'total', 'status'],
          format: 'csv',
          group: 'employee',
        });
        expect(rowsOf(en.rawPayload).slice(1)).toEqual([
          expect.stringMatching(/^".+, Emma",Emma,08:00,7\.5,Planned$/),
          'Open duty,,10:00,8,Open',
        ]);
      } finally {
        await r.settings({ locale: 'de' });
      }
    } finally {
      ok(await olivia.put('/api/modules/lists', { active: false }));
    }
  });
});

describe('big downloads run as a job', () => {
  it('more lines than the limit answer 202 with a job, whose progress ends with a link to the file', async () => {
    const at = now();
    const rows = Array.from({ length: REPORT_SYNC_MAX_LINES + 5 }, (_, i) => ({
      accountId: r.ids.bistro,
      membershipId: r.ids.leon,
      locationId: r.ids.hq,
      date: `2024-0${1 + Math.floor(i / 300)}-01`,
      fromMinutes: i % 1440,
      untilMinutes: (i % 1440) + 1,
      breakMinutes: 0,
      minutes: 1,
      status: 'approved',
      createdAt: at,
      updatedAt: at,
    }));
    await r.t.database.db.insert(hours).values(rows);
    const filters = { from: '2024-01-01', until: '2024-08-01' };
    const started = ok(
      await ada.post('/api/reports/download', {
        filters,
        fields: ['lname', 'total'],
        format: 'xlsx',
        group: 'planning',
      }),
      202,
    );
    expect(started.lines).toBe(REPORT_SYNC_MAX_LINES + 5);
    const { job } = ok(await ada.get(`/api/exports/${started.job}`));
    expect(job).toMatchObject({ state: 'done', progress: 100, url: `/api/exports/${started.job}/file` });
    const file = await ada.get(job.url);
    expect(file.statusCode).toBe(200);
    const sheet = await workbookOf(file.rawPayload);
    expect(sheet.rowCount).toBe(1 + REPORT_SYNC_MAX_LINES + 5 + 1);
    // Only the member who asked fetches it.
    refused(await olivia.get(`/api/exports/${started.job}`), 404, 'NOT_FOUND');
    refused(await (await r.storeOwner()).get(`/api/exports/${started.job}/file`), 404, 'NOT_FOUND');
    await r.t.database.db.delete(hours).where(and(eq(hours.membershipId, r.ids.leon), lte(hours.date, '2024-12-31')));
  });
});

describe('payroll export', () => {
  const range = { from: '2025-05-05', until: '2025-05-11' };
  it('refuses while one hour is pending, or an employee is not fully registered; pays only unpaid hours once', async () => {
    const paidBefore = await hoursOn(r.ids.emma, '2025-05-05', 'approved', { paid: true });
    const a = await hoursOn(r.ids.emma, '2025-05-06', 'approved');
    const b = await hoursOn(r.ids.mia, '2025-05-06', 'pending');

    for (const agent of [emma, sam, max, r.planner])
      refused(await agent.post('/api/reports/payroll', range), 403, 'FORBIDDEN');
    expect(refused(await ada.post('/api/reports/payroll', range), 409, 'ERR_PAYROLL_PENDING').data).toEqual({
      count: 1,
    });

    ok(await sam.post(`/api/hours/${b}/approve`, {}));
    const [mia] = await r.t.database.db
      .select({ number: memberships.employeeNumber, user: memberships.userId })
      .from(memberships)
      .where(eq(memberships.id, r.ids.mia));
    await r.t.database.db.update(memberships).set({ employeeNumber: null }).where(eq(memberships.id, r.ids.mia));
    const [miaUser] = await r.t.database.db.select().from(users).where(eq(users.id, mia.user));
    const unregistered = refused(await ada.post('/api/reports/payroll', range), 409, 'ERR_PAYROLL_UNREGISTERED');
    expect(unregistered.data.names).toEqual([`${miaUser.fname} ${miaUser.lname}`]);
    await r.t.database.db.update(memberships).set({ employeeNumber: mia.number }).where(eq(memberships.id, r.ids.mia));

    const res = await ada.post('/api/reports/payroll', range);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payroll-2025-05-05-2025-05-11-/);
    const sheet = await workbookOf(res.rawPayload);
    // Two unpaid lines (Emma's paid one stays out), each followed by its person's sum.
    expect(sheet.rowCount).toBe(1 + 2 * 2);
    const numbers = [sheet.getRow(2).getCell(2).value, sheet.getRow(4).getCell(2).value];
    expect(numbers.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);

    const rows = await r.t.database.db
      .select({ id: hours.id, paid: hours.paid, updatedAt: hours.updatedAt })
      .from(hours)
      .where(and(gte(hours.date, range.from), lte(hours.date, range.until)));
    expect(rows.every((x) => x.paid)).toBe(true);
    expect(rows.map((x) => x.id).sort()).toEqual([paidBefore, a, b].sort());
    refused(await ada.post('/api/reports/payroll', range), 409, 'ERR_PAYROLL_NOTHING');
    // Paid hours stay as they are for the supervisor too.
    refused(await sam.post(`/api/hours/${a}/reopen`, {}), 409, 'ERR_HOURS_PAID');
  });

  it('the owner exports payroll of some plannings only, as CSV', async () => {
    await hoursOn(r.ids.emma, '2025-06-02', 'approved');
    await hoursOn(r.ids.mia, '2025-06-02', 'pending', { locationId: r.ids.cafe });
    const june = { from: '2025-06-02', until: '2025-06-08' };
    refused(await olivia.post('/api/reports/payroll', june), 409, 'ERR_PAYROLL_PENDING');
    const res = await olivia.post('/api/reports/payroll', { ...june, locations: [r.ids.hq], format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.toString('utf8').trim().split('\n')).toHaveLength(2);
  });
});

describe('the printable roster of a week', () => {
  it('planners get the week as a PDF; others are refused; another account’s planning answers 404', async () => {
    const monday = '2025-03-10'; // the lists test planned Emma and an open duty there
    const res = await r.planner.get(`/api/locations/${r.ids.hq}/print?week=2025-03-12`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="roster-${monday}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    refused(await emma.get(`/api/locations/${r.ids.hq}/print?week=${monday}`), 403, 'FORBIDDEN');
    refused(await ada.get(`/api/locations/${r.ids.hq}/print?week=${monday}`), 403, 'FORBIDDEN');
    await expectForeignIdsNotFound(r.planner, [
      { method: 'GET', url: `/api/locations/${r.ids.storeLocation}/print?week=${monday}` },
      { method: 'POST', url: `/api/locations/${r.ids.storeLocation}/print/mail`, body: { week: monday } },
    ]);
  });

  it('prints duty colours, day notes, holidays, vacation, sickness and availability as the grid shows them', async () => {
    const db = r.t.database.db;
    const { rosterItems, availability, sicknessRecords, dayNotes, accountHolidays, duties } = await import(
      '../../db/schema'
    );
    // A week of its own, far from the other tests' (Monday 16 September 2024).
    const day = (i: number) => `2024-09-${16 + i}`;
    const [service] = await db.select({ color: duties.color }).from(duties).where(eq(duties.id, r.ids.service));
    const account = { accountId: r.ids.bistro };
    await db.insert(rosterItems).values({
      ...account,
      locationId: r.ids.hq,
      date: day(0),
      membershipId: r.ids.emma,
      dutyId: r.ids.service,
      fromMinutes: 480,
      untilMinutes: 960,
      breakMinutes: 30,
    });
    await db.insert(dayNotes).values({ locationId: r.ids.hq, date: day(1), content: 'Delivery at seven' });
    await db.insert(accountHolidays).values({ ...account, date: day(2), name: 'Company outing' });
    await db.insert(availability).values([
      { ...account, membershipId: r.ids.emma, date: day(3), type: 'vacation', status: 'approved' },
      { ...account, membershipId: r.ids.mia, date: day(3), type: 'vacation', status: 'denied' },
      { ...account, membershipId: r.ids.emma, date: day(1), type: 'unavailable' },
      { ...account, membershipId: r.ids.emma, date: day(2), type: 'limited', startMinutes: 600, endMinutes: 840 },
    ]);
    await db
      .insert(sicknessRecords)
      .values({ ...account, membershipId: r.ids.leon, startDate: day(4), endDate: day(4) });
    try {
      const res = await r.planner.get(`/api/locations/${r.ids.hq}/print?week=${day(2)}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const { text } = await pdfText(res.rawPayload);
      expect(text).toContain('Delivery at seven');
      expect(text).toContain('Company outing');
      expect(text).toContain('08:00–16:00 Service');
      // Emma's vacation in her row; Leon is in the print for his sickness alone; Mia's denied vacation is none.
      expect(text).toMatch(/Emma Employee[\s\S]*Vacation/);
      expect(text).toContain('Leon Fischer');
      expect(text).toContain('Sick');
      expect(text).not.toContain('Mia');
      // Emma's unavailable and limited days, with the window, over a hatching (a tiling pattern) as the grid's shading.
      expect(text).toMatch(/Emma Employee[\s\S]*Unavailable/);
      expect(text).toContain('Limited availability 10:00–14:00');
      expect(res.rawPayload.toString('latin1')).toContain('/PatternType 1');
      // The duty's colour is drawn (the bar before the duty), as are the marks' colours.
      const fills = await pdfFillColors(res.rawPayload);
      expect(fills).toContain(service.color.toLowerCase());
      expect(fills).toContain('#ebfbee'); // the vacation's cell
      expect(fills).toContain('#fff5f5'); // the sickness's cell
      // The print mailed to staff carries the holidays and notes, not the planners' HR marks.
      const { outbox, outboxAttachments } = await import('../../db/schema');
      await db.update(memberships).set({ access: 'no' }).where(eq(memberships.id, r.ids.lukas));
      const before = new Set((await db.select({ id: outbox.id }).from(outbox)).map((m) => m.id));
      ok(await r.planner.post(`/api/locations/${r.ids.hq}/print/mail`, { week: day(0) }));
      const mail = (await db.select({ id: outbox.id }).from(outbox)).find((m) => !before.has(m.id));
      const [file] = await db
        .select()
        .from(outboxAttachments)
        .where(eq(outboxAttachments.outboxId, mail?.id ?? ''));
      const staff = (await pdfText(file.content)).text;
      expect(staff).toContain('Company outing');
      expect(staff).toContain('Delivery at seven');
      expect(staff).not.toContain('Vacation');
      expect(staff).not.toContain('Sick');
      expect(staff).not.toContain('Unavailable');
      expect(staff).not.toContain('Limited');
    } finally {
      await db.update(memberships).set({ access: 'yes' }).where(eq(memberships.id, r.ids.lukas));
      await db.delete(rosterItems).where(and(eq(rosterItems.locationId, r.ids.hq), eq(rosterItems.date, day(0))));
      await db.delete(dayNotes).where(eq(dayNotes.locationId, r.ids.hq));
      await db.delete(accountHolidays).where(eq(accountHolidays.name, 'Company outing'));
      await db.delete(availability).where(and(gte(availability.date, day(0)), lte(availability.date, day(6))));
      await db.delete(sicknessRecords).where(eq(sicknessRecords.startDate, day(4)));
    }
  });

  it('mails it to the planning’s members without access, with the PDF attached', async () => {
    const db = r.t.database.db;
    await db.update(memberships).set({ access: 'no' }).where(eq(memberships.id, r.ids.lukas));
    try {
      const { outbox, outboxAttachments } = await import('../../db/schema');
      const before = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.template, 'rosterPrint'));
      const sent = ok(
        await r.planner.post(`/api/locations/${r.ids.hq}/print/mail`, { week: '2025-03-10', message: 'See you!' }),
      );
      expect(sent.count).toBe(1);
      // The planner learns whom it went to.
      expect(sent.names).toEqual(['Lukas Müller']);
      const mails = await db.select().from(outbox).where(eq(outbox.template, 'rosterPrint'));
      expect(mails).toHaveLength(before.length + 1);
      const mail = mails.find((m) => !before.some((b) => b.id === m.id));
      expect(mail?.text).toContain('See you!');
      const files = await db
        .select()
        .from(outboxAttachments)
        .where(eq(outboxAttachments.outboxId, mail?.id ?? ''));
      expect(files.map((f) => [f.fileName, f.contentType, f.content.subarray(0, 5).toString()])).toEqual([
        ['roster-2025-03-10.pdf', 'application/pdf', '%PDF-'],
      ]);
      refused(await emma.post(`/api/locations/${r.ids.hq}/print/mail`, { week: '2025-03-10' }), 403, 'FORBIDDEN');
    } finally {
      await db.update(memberships).set({ access: 'yes' }).where(eq(memberships.id, r.ids.lukas));
    }
  });
});
