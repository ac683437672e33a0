import type { DossierEntry } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { docx, pdf, pngOf } from '../../../test/files';
import { multipart } from '../../../test/multipart';
import { sampleIds } from '../../../test/sample';
import { activityLog, dossierEntries, notifications, outbox, uploads } from '../../db/schema';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let employee: Agent;
let colleague: Agent;
let emma: string;
let max: string;
let olivia: string;
let store: Awaited<ReturnType<typeof sampleIds>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  expect((await owner.put('/api/modules/dossiers', { active: true })).statusCode).toBe(200);
  manager = await signIn(t.app, 'manager@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  colleague = await signIn(t.app, 'freelancer@example.com');
  const bistro = await sampleIds(t.database.db, 'Bistro Central');
  store = await sampleIds(t.database.db, 'Corner Store');
  emma = bistro.memberships['employee@example.com'];
  max = bistro.memberships['manager@example.com'];
  olivia = bistro.memberships['owner@example.com'];
});
afterAll(async () => t.dispose());

const url = (id: string) => `/api/members/${id}/dossier`;
const entryBody = (over: Partial<{ kind: string; date: string; text: string; shared: boolean }> = {}) => ({
  kind: 'talk',
  date: '2026-03-02',
  text: 'Yearly talk: wants more late shifts.',
  shared: false,
  ...over,
});
const write = async (over: Parameters<typeof entryBody>[0] = {}, as = manager, member = emma) => {
  const res = await as.post(url(member), entryBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entry as DossierEntry;
};
const idsOf = (res: { json(): unknown }) => (res.json() as { entries: DossierEntry[] }).entries.map((e) => e.id);
const toldEmma = async (entryDate: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.membershipId, emma))).filter(
    (n) => n.event === 'dossierShared' && (n.data as { date?: string }).date === entryDate,
  );

describe('writing a dossier entry (POST /api/members/:id/dossier)', () => {
  it('keeps the entry with its author, logs it without its text and tells nobody while unshared', async () => {
    const entry = await write({ date: '2026-01-05' });
    expect(entry).toMatchObject({
      membership: emma,
      kind: 'talk',
      date: '2026-01-05',
      text: 'Yearly talk: wants more late shifts.',
      shared: false,
      author: { id: max, name: 'Max Manager' },
    });
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'dossierEntry'), eq(activityLog.entityId, entry.id)));
    expect(logged.map((l) => l.action)).toEqual(['create']);
    expect(JSON.stringify(logged[0].after)).not.toContain('late shifts');
    expect(await toldEmma('2026-01-05')).toHaveLength(0);
  });

  it('a shared entry tells the member in the app and by mail', async () => {
    await write({ date: '2026-01-06', shared: true, kind: 'review' });
    expect(await toldEmma('2026-01-06')).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'dossierShared'), eq(outbox.to, 'employee@example.com')));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('refuses an empty text, an unknown kind and a text over the limit per field (422)', async () => {
    for (const [body, field] of [
      [entryBody({ text: '   ' }), 'text'],
      [entryBody({ kind: 'praise' }), 'kind'],
      [entryBody({ text: 'x'.repeat(5001) }), 'text'],
      [entryBody({ date: '2026-02-30' }), 'date'],
    ] as const) {
      const res = await manager.post(url(emma), body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
  });

  it('is refused to planners, colleagues and the member themself', async () => {
    for (const who of [planner, colleague])
      expect((await who.post(url(emma), entryBody())).json().code).toBe('FORBIDDEN');
    expect((await employee.post(url(emma), entryBody())).statusCode).toBe(403);
  });

  it("nobody keeps their own dossier, and a manager does not keep an owner's", async () => {
    expect((await manager.post(url(max), entryBody())).statusCode).toBe(403);
    expect((await manager.post(url(olivia), entryBody())).statusCode).toBe(403);
    expect((await manager.get(url(olivia))).statusCode).toBe(403);
    // The owner keeps the manager's.
    await write({ date: '2026-01-07' }, owner, max);
    const own = await manager.get(url(max));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ entries: [], mayKeep: false });
  });
});

describe('reading a dossier (GET /api/members/:id/dossier)', () => {
  it('the manager reads every entry, the member only the shared ones, a colleague nothing', async () => {
    const hidden = await write({ date: '2026-02-01', kind: 'warning', text: 'Late three times.' });
    const shared = await write({ date: '2026-02-02', kind: 'note', shared: true });
    const kept = await manager.get(url(emma));
    expect(kept.json().mayKeep).toBe(true);
    expect(idsOf(kept)).toEqual(expect.arrayContaining([hidden.id, shared.id]));
    const own = await employee.get(url(emma));
    expect(own.statusCode).toBe(200);
    expect(own.json().mayKeep).toBe(false);
    expect(idsOf(own)).toContain(shared.id);
    expect(idsOf(own)).not.toContain(hidden.id);
    expect(own.body).not.toContain('Late three times');
    for (const who of [colleague, planner]) {
      const res = await who.get(url(emma));
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Late three times');
    }
  });

  it('lists the newest date first', async () => {
    const dates = (await manager.get(url(emma))).json().entries.map((e: DossierEntry) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers 403 MODULE_INACTIVE while the module is off', async () => {
    expect((await owner.put('/api/modules/dossiers', { active: false })).statusCode).toBe(200);
    try {
      const res = await manager.get(url(emma));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MODULE_INACTIVE');
    } finally {
      expect((await owner.put('/api/modules/dossiers', { active: true })).statusCode).toBe(200);
    }
  });
});

describe('changing and deleting an entry (PUT, DELETE /api/dossier/:id)', () => {
  it('sharing an entry later tells the member once; edits are logged', async () => {
    const entry = await write({ date: '2026-03-10' });
    const shared = await manager.put(`/api/dossier/${entry.id}`, entryBody({ date: '2026-03-10', shared: true }));
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().entry.shared).toBe(true);
    const again = await manager.put(
      `/api/dossier/${entry.id}`,
      entryBody({ date: '2026-03-10', shared: true, text: 'b' }),
    );
    expect(again.json().entry.text).toBe('b');
    expect(await toldEmma('2026-03-10')).toHaveLength(1);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'dossierEntry'), eq(activityLog.entityId, entry.id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['create', 'update', 'update']);
  });

  it('the member may not change or delete a shared entry, and an unshared one is unknown to them', async () => {
    const shared = await write({ date: '2026-03-11', shared: true });
    const hidden = await write({ date: '2026-03-12' });
    expect((await employee.put(`/api/dossier/${shared.id}`, entryBody())).statusCode).toBe(403);
    expect((await employee.delete(`/api/dossier/${shared.id}`)).statusCode).toBe(403);
    expect((await employee.put(`/api/dossier/${hidden.id}`, entryBody())).statusCode).toBe(404);
    expect((await colleague.delete(`/api/dossier/${hidden.id}`)).statusCode).toBe(403);
  });

  it('deletes an entry and logs it', async () => {
    const entry = await write({ date: '2026-03-13' });
    const res = await manager.delete(`/api/dossier/${entry.id}`);
    expect(res.json()).toEqual({ deleted: entry.id });
    const [row] = await t.database.db.select().from(dossierEntries).where(eq(dossierEntries.id, entry.id));
    expect(row).toBeUndefined();
    expect((await manager.delete(`/api/dossier/${entry.id}`)).statusCode).toBe(404);
  });
});

const attach = (as: Agent, entryId: string, content: Buffer, name = 'minutes.pdf') => {
  const { body, headers } = multipart({}, [{ name, content }]);
  return as.request('POST', `/api/dossier/${entryId}/attachments`, body, headers);
};

describe('attachments (POST /api/dossier/:id/attachments, DELETE /api/dossier-attachments/:id)', () => {
  it('keeps a file on the entry, apart from the documents; the member downloads it once the entry is shared', async () => {
    const entry = await write({ date: '2026-04-01', shared: false });
    const res = await attach(manager, entry.id, pdf(), 'Warning signed.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const [file] = (res.json() as { entry: DossierEntry }).entry.attachments;
    expect(file).toMatchObject({ name: 'Warning signed.pdf', mime: 'application/pdf' });
    expect((await attach(manager, entry.id, docx(), 'notes.docx')).statusCode).toBe(201);

    // Not one of the member's documents, and not deletable as one.
    const docs = (await employee.get(`/api/memberships/${emma}/documents`)).json() as { documents: { id: string }[] };
    expect(docs.documents.map((d) => d.id)).not.toContain(file.id);
    expect((await manager.delete(`/api/uploads/${file.id}`)).statusCode).toBe(404);
    // Unshared: the member does not see the entry or its files.
    expect(idsOf(await employee.get(url(emma)))).not.toContain(entry.id);

    await manager.put(`/api/dossier/${entry.id}`, entryBody({ date: '2026-04-01', shared: true }));
    const seen = ((await employee.get(url(emma))).json() as { entries: DossierEntry[] }).entries.find(
      (e) => e.id === entry.id,
    );
    expect(seen?.attachments.map((a) => a.name)).toEqual(['Warning signed.pdf', 'notes.docx']);
    const download = await t.app.inject({ method: 'GET', url: seen?.attachments[0].url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf())).toBe(true);
  });

  it('is the keepers’: refused to the member, a colleague and planners; checked like any upload', async () => {
    const entry = await write({ date: '2026-04-02', shared: true });
    expect((await attach(employee, entry.id, pdf())).statusCode).toBe(403);
    expect((await attach(colleague, entry.id, pdf())).statusCode).toBe(403);
    expect((await attach(planner, entry.id, pdf())).statusCode).toBe(403);
    const html = await attach(manager, entry.id, Buffer.from('<html><script>alert(1)</script></html>'), 'x.pdf');
    expect([html.statusCode, html.json().fields]).toEqual([422, { file: ['documents.errors.type'] }]);
    const large = await attach(manager, entry.id, Buffer.concat([pngOf(100), Buffer.alloc(4 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
  });

  it('removes one file, and all of them with the entry', async () => {
    const entry = await write({ date: '2026-04-03' });
    const first = (await attach(manager, entry.id, pdf())).json() as { entry: DossierEntry };
    await attach(manager, entry.id, pdf(), 'second.pdf');
    const removed = await manager.delete(`/api/dossier-attachments/${first.entry.attachments[0].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as { entry: DossierEntry }).entry.attachments.map((a) => a.name)).toEqual(['second.pdf']);
    expect((await employee.delete(`/api/dossier-attachments/${first.entry.attachments[0].id}`)).statusCode).toBe(404);

    expect((await manager.delete(`/api/dossier/${entry.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.dossierEntryId, entry.id))).toEqual([]);
  });
});

describe('another account', () => {
  it("answers 404 for another account's member and entry", async () => {
    const storeOwner = await signIn(t.app, 'owner@example.com');
    expect((await storeOwner.put(`/api/switch/account/${store.accountId}`, {})).statusCode).toBe(200);
    expect((await storeOwner.put('/api/modules/dossiers', { active: true })).statusCode).toBe(200);
    const storeMember = Object.entries(store.memberships).find(([email]) => email !== 'owner@example.com')?.[1] ?? '';
    const foreign = await write({}, storeOwner, storeMember);
    await expectForeignIdsNotFound(manager, [
      { method: 'GET', url: url(storeMember) },
      { method: 'POST', url: url(storeMember), body: entryBody() },
      { method: 'PUT', url: `/api/dossier/${foreign.id}`, body: entryBody() },
      { method: 'DELETE', url: `/api/dossier/${foreign.id}` },
    ]);
    const { body, headers } = multipart({}, [{ name: 'a.pdf', content: pdf() }]);
    const attached = await storeOwner.request('POST', `/api/dossier/${foreign.id}/attachments`, body, headers);
    expect(attached.statusCode, attached.body).toBe(201);
    const fileId = (attached.json() as { entry: DossierEntry }).entry.attachments[0].id;
    const [again] = [multipart({}, [{ name: 'a.pdf', content: pdf() }])];
    expect(
      (await manager.request('POST', `/api/dossier/${foreign.id}/attachments`, again.body, again.headers)).statusCode,
    ).toBe(404);
    expect((await manager.delete(`/api/dossier-attachments/${fileId}`)).statusCode).toBe(404);
  });
});
