import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import {
  type DocumentsView,
  type ProfileTemplate,
  type ProfileView,
  UPLOAD_LINK_MINUTES,
  type UploadEntry,
} from '@app/contracts';
import { clockFrom, DEFAULT_PROFILE_TEMPLATE, now, profileField, withClock } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { docx, pdf, pngOf, TINY_PNG, zipBombDocx } from '../../../test/files';
import { multipart } from '../../../test/multipart';
import { sampleIds } from '../../../test/sample';
import {
  accounts,
  memberships,
  notifications,
  outbox,
  profileTemplates,
  uploadContents,
  uploads,
} from '../../db/schema';
import { clamdScanner } from '../../platform/files/clamd';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let employee: Agent;
let colleague: Agent;
let bistro: Awaited<ReturnType<typeof sampleIds>>;
let store: Awaited<ReturnType<typeof sampleIds>>;
let emma: string;
let managerId: string;

const MB = 1024 * 1024;
const TEMPLATE: ProfileTemplate = {
  sections: [
    ...DEFAULT_PROFILE_TEMPLATE.sections,
    {
      id: 'papers',
      name: { en: 'Papers' },
      note: {},
      hidden: false,
      fields: [
        profileField({
          id: 'certificate',
          type: 'upload',
          label: { en: 'Health certificate' },
          required: { employer: false, employee: true },
        }),
        profileField({ id: 'diplomas', type: 'multi-upload', label: { en: 'Diplomas' } }),
        profileField({ id: 'passport', key: 'photo', type: 'upload', label: { en: 'Passport photo' } }),
        profileField({ id: 'food', type: 'yesno', label: { en: 'Handles food' } }),
        profileField({
          id: 'food_certificate',
          type: 'upload',
          label: { en: 'Food hygiene certificate' },
          if: { field: 'food', op: 'equal', value: true },
          requiredIf: { field: 'food', op: 'equal', value: true, employer: false, employee: true },
        }),
        profileField({
          id: 'contract_copy',
          type: 'upload',
          label: { en: 'Signed contract' },
          rights: { read: true, create: false, update: false },
        }),
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  colleague = await signIn(t.app, 'anna.schmidt@example.com');
  bistro = await sampleIds(t.database.db, 'Bistro Central');
  store = await sampleIds(t.database.db, 'Corner Store');
  emma = bistro.memberships['employee@example.com'];
  managerId = bistro.memberships['manager@example.com'];
});
afterAll(async () => t?.dispose());

beforeEach(async () => {
  const db = t.database.db;
  await db.delete(uploads);
  await db.delete(profileTemplates).where(eq(profileTemplates.accountId, bistro.accountId));
  await db.insert(profileTemplates).values({ accountId: bistro.accountId, template: TEMPLATE });
  await db.update(memberships).set({ managerLimited: false }).where(eq(memberships.id, managerId));
  const [account] = await db
    .select({ modules: accounts.modules })
    .from(accounts)
    .where(eq(accounts.id, bistro.accountId));
  if (!account.modules.includes('documents'))
    await db
      .update(accounts)
      .set({ modules: [...account.modules, 'documents'] })
      .where(eq(accounts.id, bistro.accountId));
});

const send = (
  agent: Agent,
  membershipId: string,
  fields: Record<string, string>,
  content: Buffer,
  name = 'file.pdf',
) => {
  const { body, headers } = multipart(fields, [{ name, content }]);
  return agent.request('POST', `/api/memberships/${membershipId}/upload`, body, headers);
};
const fieldsOf = (res: { json(): unknown }) => (res.json() as { fields: Record<string, string[]> }).fields;
const codeOf = (res: { json(): unknown }) => (res.json() as { code: string }).code;
const documentsOf = async (agent: Agent, membershipId: string) =>
  (await agent.get(`/api/memberships/${membershipId}/documents`)).json() as DocumentsView;

describe('a required upload field', () => {
  it('counts only once a file is uploaded, then shows the file in the staff file and the documents', async () => {
    const before = await employee.put(`/api/memberships/${emma}/profile`, { values: { city: 'Potsdam' } });
    expect(before.statusCode).toBe(422);
    expect(fieldsOf(before)).toEqual({ certificate: ['validation.required'] });

    const res = await send(employee, emma, { key: 'certificate' }, pdf(), 'Gesundheitszeugnis 2027.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as UploadEntry;
    expect(entry).toMatchObject({
      key: 'certificate',
      name: 'Gesundheitszeugnis 2027.pdf',
      folder: 'uploads',
      hr: false,
    });
    expect(entry.date).toBe(new Date(entry.date).toISOString());

    const view = (await employee.get(`/api/memberships/${emma}/profile`)).json() as ProfileView;
    expect(view.uploads).toEqual({ certificate: 1 });
    expect(view.files.certificate.map((f) => f.id)).toEqual([entry.id]);
    const after = await employee.put(`/api/memberships/${emma}/profile`, { values: { city: 'Potsdam' } });
    expect(after.statusCode, after.body).toBe(200);
    expect((await documentsOf(employee, emma)).documents.map((d) => d.id)).toEqual([entry.id]);
  });

  it('keeps one file in a single upload field (a new one replaces it) and several in a multi-upload', async () => {
    const first = (await send(employee, emma, { key: 'certificate' }, pdf())).json() as UploadEntry;
    const second = (await send(employee, emma, { key: 'certificate' }, pdf(500))).json() as UploadEntry;
    await send(employee, emma, { key: 'diplomas' }, pdf());
    await send(employee, emma, { key: 'diplomas' }, docx());
    const view = (await employee.get(`/api/memberships/${emma}/profile`)).json() as ProfileView;
    expect(view.files.certificate.map((f) => f.id)).toEqual([second.id]);
    expect(view.uploads).toEqual({ certificate: 1, diplomas: 2 });
    const kept = await t.database.db.select().from(uploadContents).where(eq(uploadContents.uploadId, first.id));
    expect(kept).toEqual([]);
  });

  it('takes a file for a field its condition shows only by the unsaved answer, which then saves with it', async () => {
    await send(employee, emma, { key: 'certificate' }, pdf());
    // "Handles food: yes" makes the food certificate shown and required: not saved without it …
    const without = await employee.put(`/api/memberships/${emma}/profile`, { values: { food: true } });
    expect(fieldsOf(without)).toEqual({ food_certificate: ['validation.required'] });
    // … and the file is taken while the stored answer still hides the field (the form shows it as "yes" is typed).
    const file = await send(employee, emma, { key: 'food_certificate' }, pdf());
    expect(file.statusCode, file.body).toBe(201);
    const saved = await employee.put(`/api/memberships/${emma}/profile`, { values: { food: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ProfileView).uploads).toMatchObject({ food_certificate: 1 });
  });

  it('refuses a field the member may not fill, a key that names nothing, and a body that is not multipart', async () => {
    expect((await send(employee, emma, { key: 'contract_copy' }, pdf())).statusCode).toBe(403);
    const unknown = await send(employee, emma, { key: 'shoe_size' }, pdf());
    expect(fieldsOf(unknown)).toEqual({ key: ['documents.errors.key'] });
    expect(fieldsOf(await send(employee, emma, { key: 'city' }, pdf()))).toEqual({ key: ['documents.errors.key'] });
    expect(fieldsOf(await send(employee, emma, {}, pdf()))).toEqual({ key: ['validation.invalid'] });
    const json = await employee.post(`/api/memberships/${emma}/upload`, { key: 'certificate' });
    expect(json.statusCode).toBe(415);
  });
});

describe('sizes', () => {
  it('takes a file of 4 MB and refuses one byte more (413), and 20 MB', async () => {
    expect((await send(employee, emma, { key: 'diplomas' }, pdf(4 * MB))).statusCode).toBe(201);
    const over = await send(employee, emma, { key: 'diplomas' }, pdf(4 * MB + 1));
    expect([over.statusCode, codeOf(over)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const huge = await send(employee, emma, { key: 'diplomas' }, pdf(20 * MB));
    expect([huge.statusCode, codeOf(huge)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await t.database.db.select({ id: uploads.id }).from(uploads)).toHaveLength(1);
  });

  it('takes a picture of 2 MB and refuses a bigger one on the file field (422)', async () => {
    expect((await send(employee, emma, { key: 'passport' }, pngOf(2 * MB), 'me.png')).statusCode).toBe(201);
    const big = await send(employee, emma, { key: 'passport' }, pngOf(2 * MB + 1), 'me.png');
    expect(big.statusCode).toBe(422);
    expect(fieldsOf(big)).toEqual({ file: ['documents.errors.pictureTooLarge'] });
  });

  it('refuses an empty file and a missing one', async () => {
    expect(fieldsOf(await send(employee, emma, { key: 'diplomas' }, Buffer.alloc(0)))).toEqual({
      file: ['validation.required'],
    });
    const { body, headers } = multipart({ key: 'diplomas' }, []);
    const none = await employee.request('POST', `/api/memberships/${emma}/upload`, body, headers);
    expect(fieldsOf(none)).toEqual({ file: ['validation.required'] });
  });
});

describe('types, by the bytes', () => {
  it('refuses what is not on the field’s list, whatever its name says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    expect(fieldsOf(await send(employee, emma, { key: 'diplomas' }, svg, 'diploma.svg'))).toEqual({
      file: ['documents.errors.type'],
    });
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    expect((await send(employee, emma, { key: 'diplomas' }, html, 'diploma.pdf')).statusCode).toBe(422);
    // A picture field takes pictures only; payslips are PDFs only.
    expect(fieldsOf(await send(employee, emma, { key: 'passport' }, pdf(), 'me.pdf'))).toEqual({
      file: ['documents.errors.type'],
    });
    expect(fieldsOf(await send(manager, emma, { key: 'payslips', type: 'hr' }, docx(), 'slip.docx'))).toEqual({
      file: ['documents.errors.type'],
    });
  });

  it('judges a PNG with HTML after its end by its signature, and sends it back as a download that never renders', async () => {
    const hostile = Buffer.concat([TINY_PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await send(employee, emma, { key: 'diplomas' }, hostile, 'x.html');
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as UploadEntry;
    expect(entry.mime).toBe('image/png');
    const got = await t.app.inject({ method: 'GET', url: entry.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="x.html"; filename*=UTF-8''x.html`);
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.rawPayload.equals(hostile)).toBe(true);
  });

  it('keeps a zip bomb docx as it came, never unpacked', async () => {
    const bomb = zipBombDocx(100);
    const res = await send(employee, emma, { key: 'diplomas' }, bomb, 'bomb.docx');
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as UploadEntry;
    expect(entry.size).toBe(bomb.length);
    expect(entry.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const got = await t.app.inject({ method: 'GET', url: entry.url });
    expect(got.rawPayload.equals(bomb)).toBe(true);
  });

  it('keeps only a clean name: no path, no control characters', async () => {
    const res = await send(employee, emma, { key: 'diplomas' }, pdf(), '..\\..\\etc\\pass\u0007wd.pdf');
    expect((res.json() as UploadEntry).name).toBe('passwd.pdf');
  });
});

describe('rights (docs/product/documents.md)', () => {
  it('lets a manager file an HR document into a member’s file, tells the member, and keeps it from their deletion', async () => {
    const res = await send(manager, emma, { key: 'contracts', type: 'hr' }, pdf(), 'Arbeitsvertrag.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as UploadEntry;
    expect(entry).toMatchObject({ hr: true, folder: 'contracts', month: null, mayDelete: true });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.membershipId, emma), eq(notifications.event, 'documentAdded')));
    expect(told.map((n) => n.data)).toEqual([
      { by: expect.any(String), excerpt: 'Arbeitsvertrag.pdf', folder: 'contracts' },
    ]);
    const mailed = await t.database.db.select().from(outbox).where(eq(outbox.template, 'documentAdded'));
    expect(mailed.length).toBeGreaterThan(0);
    const own = await documentsOf(employee, emma);
    expect(own.documents).toEqual([expect.objectContaining({ id: entry.id, mayDelete: false })]);
    expect((await employee.delete(`/api/uploads/${entry.id}`)).statusCode).toBe(403);
    expect((await manager.delete(`/api/uploads/${entry.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, entry.id))).toEqual([]);
  });

  it('lets a manager file into a member’s upload field as an HR document, which then counts for the member', async () => {
    const res = await send(manager, emma, { key: 'certificate' }, pdf());
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as UploadEntry).hr).toBe(true);
    const view = (await employee.get(`/api/memberships/${emma}/profile`)).json() as ProfileView;
    expect(view.uploads.certificate).toBe(1);
  });

  it('refuses a member’s upload into a colleague’s file, HR documents from members, and folders not theirs', async () => {
    expect((await send(colleague, emma, { key: 'diplomas' }, pdf())).statusCode).toBe(403);
    expect((await send(colleague, emma, { key: 'others', type: 'hr' }, pdf())).statusCode).toBe(403);
    expect((await send(employee, emma, { key: 'others', type: 'hr' }, pdf())).statusCode).toBe(403);
    expect(fieldsOf(await send(employee, emma, { key: 'contracts' }, pdf()))).toEqual({
      key: ['documents.errors.key'],
    });
    expect(fieldsOf(await send(manager, emma, { key: 'uploads', type: 'hr' }, pdf()))).toEqual({
      key: ['documents.errors.key'],
    });
    // The member's own folder.
    expect((await send(employee, emma, { key: 'uploads' }, pdf())).statusCode).toBe(201);
    expect((await colleague.get(`/api/memberships/${emma}/documents`)).statusCode).toBe(403);
  });

  it('hides a colleague’s file from a member (404 on its id) and lets the member delete their own uploads', async () => {
    const mine = (await send(employee, emma, { key: 'uploads' }, pdf())).json() as UploadEntry;
    expect((await colleague.delete(`/api/uploads/${mine.id}`)).statusCode).toBe(404);
    expect((await employee.delete(`/api/uploads/${mine.id}`)).statusCode).toBe(200);
  });

  it('shows a manager limited to own documents only what they filed', async () => {
    const byOwner = (
      await send(owner, emma, { key: 'contracts', type: 'hr' }, pdf(), 'owner.pdf')
    ).json() as UploadEntry;
    await t.database.db.update(memberships).set({ managerLimited: true }).where(eq(memberships.id, managerId));
    const limited = await signIn(t.app, 'manager@example.com');
    const mine = await send(limited, emma, { key: 'others', type: 'hr' }, pdf(), 'manager.pdf');
    expect(mine.statusCode, mine.body).toBe(201);
    const seen = await documentsOf(limited, emma);
    expect(seen.documents.map((d) => d.name)).toEqual(['manager.pdf']);
    expect((await limited.delete(`/api/uploads/${byOwner.id}`)).statusCode).toBe(404);
    expect((await limited.delete(`/api/uploads/${(mine.json() as UploadEntry).id}`)).statusCode).toBe(200);
    // The member and the owner see everything in the file.
    expect((await documentsOf(owner, emma)).documents.map((d) => d.name)).toEqual(['owner.pdf']);
  });

  it('answers 404 for another account’s member and upload', async () => {
    const foreignMember = store.memberships['julia.lang@example.com'];
    expect((await send(owner, foreignMember, { key: 'contracts', type: 'hr' }, pdf())).statusCode).toBe(404);
    expect((await owner.get(`/api/memberships/${foreignMember}/documents`)).statusCode).toBe(404);
    const [foreign] = await t.database.db
      .insert(uploads)
      .values({
        accountId: store.accountId,
        membershipId: foreignMember,
        key: 'contracts',
        folder: 'contracts',
        hr: true,
        name: 'theirs.pdf',
        mime: 'application/pdf',
        size: 3,
        sha256: '',
        storage: 'database',
        createdAt: now(),
      })
      .returning();
    expect((await owner.delete(`/api/uploads/${foreign.id}`)).statusCode).toBe(404);
  });

  it('needs the documents module for folders, not for the staff file’s fields', async () => {
    const [account] = await t.database.db
      .select({ modules: accounts.modules })
      .from(accounts)
      .where(eq(accounts.id, bistro.accountId));
    await t.database.db
      .update(accounts)
      .set({ modules: account.modules.filter((m) => m !== 'documents') })
      .where(eq(accounts.id, bistro.accountId));
    const again = await signIn(t.app, 'manager@example.com');
    const folder = await send(again, emma, { key: 'contracts', type: 'hr' }, pdf());
    expect([folder.statusCode, codeOf(folder)]).toEqual([403, 'MODULE_INACTIVE']);
    expect((await again.get(`/api/memberships/${emma}/documents`)).statusCode).toBe(403);
    expect((await send(again, emma, { key: 'certificate' }, pdf())).statusCode).toBe(201);
  });
});

describe('download links', () => {
  it('open the file by their token alone, until they end', async () => {
    const entry = (await send(employee, emma, { key: 'diplomas' }, pdf(), 'Zeugnis ä.pdf')).json() as UploadEntry;
    const ok = await t.app.inject({ method: 'GET', url: entry.url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toBe(
      `attachment; filename="Zeugnis _.pdf"; filename*=UTF-8''Zeugnis%20%C3%A4.pdf`,
    );
    expect(ok.headers['cache-control']).toBe('private, no-store');
    const base = `/api/uploads/${entry.id}`;
    const token = new URL(entry.url, 'http://x').searchParams.get('token') ?? '';
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `${base}?token=forged` })).statusCode).toBe(403);
    const [until, sig] = token.split('.');
    const stretched = await t.app.inject({ method: 'GET', url: `${base}?token=${Number(until) + 3600}.${sig}` });
    expect(stretched.statusCode).toBe(403);
    const other = (await send(employee, emma, { key: 'diplomas' }, pdf())).json() as UploadEntry;
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${other.id}?token=${token}` })).statusCode).toBe(
      403,
    );
    const later = clockFrom(new Date(now().getTime() + (UPLOAD_LINK_MINUTES * 60 + 1) * 1000));
    const expired = await withClock(later, () => t.app.inject({ method: 'GET', url: entry.url }));
    expect([expired.statusCode, codeOf(expired)]).toEqual([410, 'CODE_EXPIRED']);
    await employee.delete(`/api/uploads/${entry.id}`);
    expect((await t.app.inject({ method: 'GET', url: entry.url })).statusCode).toBe(404);
  });
});

describe('virus scanning (CLAMD_URL)', () => {
  let clamd: Server;
  let verdict: 'OK' | 'FOUND' | 'away' = 'OK';
  beforeAll(async () => {
    clamd = createServer((socket) => {
      let seen = Buffer.alloc(0);
      socket.on('data', (d: Buffer) => {
        seen = Buffer.concat([seen, d]);
        if (seen.subarray(-4).equals(Buffer.alloc(4)))
          socket.end(verdict === 'FOUND' ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
      });
    });
    await new Promise<void>((resolve) => clamd.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    t.ctx.scanner = null;
    await new Promise((resolve) => clamd.close(resolve));
  });

  it('keeps what clamd finds clean, refuses what it finds, and every upload while it is away', async () => {
    const port = (clamd.address() as AddressInfo).port;
    t.ctx.scanner = clamdScanner(`tcp://127.0.0.1:${port}`);
    verdict = 'OK';
    expect((await send(employee, emma, { key: 'diplomas' }, pdf())).statusCode).toBe(201);
    verdict = 'FOUND';
    expect(fieldsOf(await send(employee, emma, { key: 'diplomas' }, pdf()))).toEqual({
      file: ['documents.errors.infected'],
    });
    t.ctx.scanner = clamdScanner('tcp://127.0.0.1:1');
    const away = await send(employee, emma, { key: 'diplomas' }, pdf());
    expect([away.statusCode, codeOf(away)]).toEqual([503, 'SCAN_UNAVAILABLE']);
    expect(await t.database.db.select({ id: uploads.id }).from(uploads)).toHaveLength(1);
  });
});
