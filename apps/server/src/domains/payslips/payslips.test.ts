import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocumentsView, PayslipRun, PayslipSplit } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { pdf, pngOf } from '../../../test/files';
import { multipart } from '../../../test/multipart';
import { payslipPdf } from '../../../test/payslip-pdf';
import { sampleIds } from '../../../test/sample';
import { pdfText } from '../../../test/standards';
import { accounts, memberships, notifications, uploads, users } from '../../db/schema';
import { s3SettingsOf, s3Store } from '../../platform/files/s3-store';
import type { FileStore } from '../../platform/files/store';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let employee: Agent;
let emma: string;
let anna: string;
let foreign: string;
let annaName: { fname: string; lname: string };
let bistroId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  const bistro = await sampleIds(t.database.db, 'Bistro Central');
  const store = await sampleIds(t.database.db, 'Corner Store');
  bistroId = bistro.accountId;
  emma = bistro.memberships['employee@example.com'];
  anna = bistro.memberships['anna.schmidt@example.com'];
  foreign = Object.values(store.memberships)[0];
  const db = t.database.db;
  // Numbers of this test's own, so no other sample member's number is on a page.
  await db.update(memberships).set({ employeeNumber: null }).where(eq(memberships.accountId, bistroId));
  await db.update(memberships).set({ employeeNumber: 'PN-7001' }).where(eq(memberships.id, emma));
  const [a] = await db
    .select({ fname: users.fname, lname: users.lname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.id, anna));
  annaName = { fname: a.fname ?? '', lname: a.lname ?? '' };
});
afterAll(async () => t?.dispose());

async function setModules(on: boolean) {
  const [account] = await t.database.db
    .select({ modules: accounts.modules })
    .from(accounts)
    .where(eq(accounts.id, bistroId));
  const rest = account.modules.filter((m) => m !== 'payslips' && m !== 'documents');
  await t.database.db
    .update(accounts)
    .set({ modules: on ? [...rest, 'documents', 'payslips'] : [...rest, 'documents'] })
    .where(eq(accounts.id, bistroId));
}

beforeEach(async () => {
  await t.database.db.delete(uploads);
  await setModules(true);
});

/** Page 1 names Emma by number, page 2 Anna by name, page 3 no one. */
const MONTH = () =>
  payslipPdf([
    ['Payslip March 2027', 'Personnel no. PN-7001', 'Gross 2,100.00'],
    ['Payslip March 2027', `${annaName.lname}, ${annaName.fname}`, 'Gross 1,850.00'],
    ['Payroll summary March 2027', 'Total 3,950.00'],
  ]);

const send = (agent: Agent, url: string, fields: Record<string, string>, content: Buffer, type = 'application/pdf') => {
  const { body, headers } = multipart(fields, [{ name: 'march.pdf', type, content }]);
  return agent.request('POST', url, body, headers);
};
const codeOf = (res: { json(): unknown }) => (res.json() as { code: string }).code;
const fieldsOf = (res: { json(): unknown }) => (res.json() as { fields: Record<string, string[]> }).fields;
const uploadCount = async () => (await t.database.db.select({ id: uploads.id }).from(uploads)).length;

describe('a payslip run', () => {
  it('reads whose payslip each page is, by number or name, and files nothing yet', async () => {
    const res = await send(manager, '/api/payslips/split', {}, await MONTH());
    expect(res.statusCode, res.body).toBe(200);
    const { pages } = res.json() as PayslipSplit;
    expect(pages.map((p) => [p.page, p.membershipId, p.by])).toEqual([
      [1, emma, 'number'],
      [2, anna, 'name'],
      [3, null, null],
    ]);
    expect(pages[2].excerpt).toContain('Payroll summary');
    expect(pages[1].name).toBe(`${annaName.fname} ${annaName.lname}`);
    expect(await uploadCount()).toBe(0);
  });

  it('files the matched pages into each member’s payslips folder, tells them, and lists the page left over', async () => {
    const res = await send(owner, '/api/payslips', { month: '2027-03' }, await MONTH());
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json() as PayslipRun;
    expect(run.filed.map((f) => [f.page, f.membershipId])).toEqual([
      [1, emma],
      [2, anna],
    ]);
    expect(run.unfiled.map((p) => p.page)).toEqual([3]);

    const own = (await employee.get(`/api/memberships/${emma}/documents`)).json() as DocumentsView;
    expect(own.documents).toEqual([
      expect.objectContaining({
        folder: 'payslips',
        name: 'payslip-2027-03.pdf',
        month: '2027-03',
        hr: true,
        mayDelete: false,
      }),
    ]);
    const file = await t.app.inject({ method: 'GET', url: own.documents[0].url });
    expect(file.statusCode).toBe(200);
    const part = await PDFDocument.load(file.rawPayload);
    expect(part.getPageCount()).toBe(1);
    const { text } = await pdfText(file.rawPayload);
    expect(text).toContain('PN-7001');
    expect(text).not.toContain(annaName.lname);

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.membershipId, [emma, anna]), eq(notifications.event, 'documentAdded')));
    expect(told.filter((n) => (n.data as { folder: string }).folder === 'payslips')).toHaveLength(2);
  });

  it('files pages as the manager assigned them: one PDF per member with their pages in order', async () => {
    const assignments = JSON.stringify([
      { page: 3, membershipId: emma },
      { page: 1, membershipId: emma },
    ]);
    const res = await send(manager, '/api/payslips', { month: '2027-03', assignments }, await MONTH());
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json() as PayslipRun;
    expect(run.filed.map((f) => f.page)).toEqual([1, 3]);
    expect(run.filed[0].documentId).toBe(run.filed[1].documentId);
    expect(run.unfiled.map((p) => [p.page, p.membershipId])).toEqual([[2, anna]]);
    const own = (await employee.get(`/api/memberships/${emma}/documents`)).json() as DocumentsView;
    const file = await t.app.inject({ method: 'GET', url: own.documents[0].url });
    const { text } = await pdfText(file.rawPayload);
    expect(text.indexOf('PN-7001')).toBeLessThan(text.indexOf('Payroll summary'));
  });

  it('refuses what is not a readable PDF of at most 4 MB, and bad months and assignments', async () => {
    const png = await send(manager, '/api/payslips/split', {}, pngOf(200), 'image/png');
    expect([png.statusCode, fieldsOf(png)]).toEqual([422, { file: ['documents.errors.type'] }]);
    const broken = await send(manager, '/api/payslips/split', {}, Buffer.from('%PDF-1.7\nnot really a pdf'));
    expect([broken.statusCode, fieldsOf(broken)]).toEqual([422, { file: ['payslips.errors.unreadable'] }]);
    const large = Buffer.concat([pdf(), Buffer.alloc(4 * 1024 * 1024)]);
    expect(codeOf(await send(manager, '/api/payslips/split', {}, large))).toBe('PAYLOAD_TOO_LARGE');
    const none = await manager.request('POST', '/api/payslips/split', ...Object.values(multipart({}, [])));
    expect([none.statusCode, fieldsOf(none)]).toEqual([422, { file: ['validation.required'] }]);
    const json = await manager.post('/api/payslips/split', {});
    expect(codeOf(json)).toBe('UNSUPPORTED_MEDIA_TYPE');

    const month = await send(manager, '/api/payslips', { month: '2027-13' }, await MONTH());
    expect([month.statusCode, fieldsOf(month)]).toEqual([422, { month: ['validation.invalid'] }]);
    for (const assignments of [
      'not json',
      JSON.stringify([{ page: 0, membershipId: emma }]),
      JSON.stringify([{ page: 1, membershipId: 'x' }]),
    ]) {
      const res = await send(manager, '/api/payslips', { month: '2027-03', assignments }, await MONTH());
      expect([res.statusCode, fieldsOf(res)]).toEqual([422, { assignments: ['validation.invalid'] }]);
    }
    for (const pages of [[4], [1, 1]]) {
      const assignments = JSON.stringify(pages.map((page) => ({ page, membershipId: emma })));
      const res = await send(manager, '/api/payslips', { month: '2027-03', assignments }, await MONTH());
      expect([res.statusCode, fieldsOf(res)]).toEqual([422, { assignments: ['payslips.errors.page'] }]);
    }
    expect(await uploadCount()).toBe(0);
  });

  it('is for owners and managers with the payslips module on', async () => {
    for (const url of ['/api/payslips/split', '/api/payslips']) {
      const res = await send(employee, url, { month: '2027-03' }, await MONTH());
      expect([res.statusCode, codeOf(res)]).toEqual([403, 'FORBIDDEN']);
    }
    await setModules(false);
    const off = await send(manager, '/api/payslips', { month: '2027-03' }, await MONTH());
    expect([off.statusCode, codeOf(off)]).toEqual([403, 'MODULE_INACTIVE']);
    expect(await uploadCount()).toBe(0);
  });

  it('answers 404 for a member of another account and files nothing of the run', async () => {
    const assignments = JSON.stringify([
      { page: 1, membershipId: emma },
      { page: 2, membershipId: foreign },
    ]);
    const res = await send(manager, '/api/payslips', { month: '2027-03', assignments }, await MONTH());
    expect([res.statusCode, codeOf(res)]).toEqual([404, 'NOT_FOUND']);
    expect(await uploadCount()).toBe(0);
  });
});

describe('in S3', () => {
  let s3: Server;
  let files: FileStore;
  const objects = new Map<string, Buffer>();

  beforeAll(async () => {
    // The S3-compatible server of the file store's test: path-style PUT, GET and DELETE.
    s3 = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        if (req.method === 'PUT') {
          objects.set(key, Buffer.concat(chunks));
          res.writeHead(200, { etag: '"x"' }).end();
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else if (req.method === 'GET' && objects.has(key)) res.writeHead(200).end(objects.get(key));
        else res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      });
    });
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    files = t.ctx.files;
    t.ctx.files = s3Store(
      s3SettingsOf(`http://KEY:SECRET@127.0.0.1:${(s3.address() as AddressInfo).port}/files?region=eu-1`),
    );
  });
  afterAll(async () => {
    t.ctx.files = files;
    await new Promise((resolve) => s3.close(resolve));
  });

  it('keeps the objects of a run that committed, and none of one that rolled back', async () => {
    const ok = await send(manager, '/api/payslips', { month: '2027-03' }, await MONTH());
    expect(ok.statusCode, ok.body).toBe(201);
    expect(objects.size).toBe(2);
    objects.clear();

    const assignments = JSON.stringify([
      { page: 1, membershipId: emma },
      { page: 2, membershipId: anna },
      { page: 3, membershipId: foreign },
    ]);
    const failed = await send(manager, '/api/payslips', { month: '2027-04', assignments }, await MONTH());
    expect(failed.statusCode).toBe(404);
    // Emma's and Anna's parts were put before the foreign member failed the run: the rollback took them away.
    expect([...objects.keys()]).toEqual([]);
  });
});
