import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { pdf } from '../../../test/files';
import { multipart } from '../../../test/multipart';
import { accounts } from '../../db/schema';
import { memberIdOf, type RosterIds, rosterIds } from '../roster/testkit';

let t: TestApp;
let ids: RosterIds;
let owner: Agent;
let manager: Agent;
let planner: Agent;
let employee: Agent;

async function account(accountId: string, patch: { module?: boolean; visible?: boolean }) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  const rest = row.modules.filter((m) => m !== 'company');
  await t.database.db
    .update(accounts)
    .set({
      ...(patch.module === undefined ? {} : { modules: patch.module ? [...rest, 'company'] : rest }),
      ...(patch.visible === undefined
        ? {}
        : { settings: { ...(row.settings as object), companyVisible: patch.visible } as typeof row.settings }),
    })
    .where(eq(accounts.id, accountId));
}

const refused = (res: { statusCode: number; json(): { code: string } }, status: number, code: string) =>
  expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });

const upload = (agent: Agent, name = 'house-rules.pdf') => {
  const { body, headers } = multipart({}, [{ name, content: pdf() }]);
  return agent.request('POST', '/api/company/files', body, headers);
};

const PAGE = {
  about: 'We run three restaurants in Berlin.',
  addresses: 'Hauptstraße 1\n10115 Berlin',
  contacts: 'Office: +49 30 1234567',
  rules: 'Clock in ten minutes early.',
};

beforeAll(async () => {
  t = await createTestApp();
  ids = await rosterIds(t.database.db);
  [owner, manager, planner, employee] = await Promise.all(
    ['owner@example.com', 'manager@example.com', 'planner@example.com', 'employee@example.com'].map((e) =>
      signIn(t.app, e),
    ),
  );
});
afterAll(async () => t.dispose());

describe('the company page', () => {
  it('answers 403 MODULE_INACTIVE while the module is off', async () => {
    refused(await owner.get('/api/company'), 403, 'MODULE_INACTIVE');
    refused(await owner.put('/api/company', PAGE), 403, 'MODULE_INACTIVE');
    await account(ids.bistro, { module: true, visible: false });
  });

  it('opens to owners and managers only until the account shows it to staff', async () => {
    const empty = await manager.get('/api/company');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ about: '', files: [], mayEdit: true, updatedAt: null });
    refused(await employee.get('/api/company'), 403, 'FORBIDDEN');
    refused(await planner.get('/api/company'), 403, 'FORBIDDEN');
  });

  it('owners and managers edit it; the staff read it and may not change it', async () => {
    const saved = await owner.put('/api/company', PAGE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...PAGE, mayEdit: true });
    expect((await manager.put('/api/company', { ...PAGE, rules: 'No phones on the floor.' })).statusCode).toBe(200);
    await account(ids.bistro, { visible: true });
    const read = (await employee.get('/api/company')).json();
    expect(read).toMatchObject({ ...PAGE, rules: 'No phones on the floor.', mayEdit: false });
    expect(read.updatedAt).toEqual(expect.any(String));
    refused(await employee.put('/api/company', PAGE), 403, 'FORBIDDEN');
    refused(await planner.put('/api/company', PAGE), 403, 'FORBIDDEN');
    refused(await owner.put('/api/company', { ...PAGE, about: 'x'.repeat(5001) }), 422, 'VALIDATION');
  });

  it('keeps files in the document store: added and removed by editors, downloaded by staff, in no member’s documents', async () => {
    refused(await upload(employee), 403, 'FORBIDDEN');
    const added = await upload(owner);
    expect(added.statusCode, added.body).toBe(201);
    const file = added.json().files[0];
    expect(file).toMatchObject({ name: 'house-rules.pdf', mime: 'application/pdf', mayDelete: true });
    const seen = (await employee.get('/api/company')).json().files;
    expect(seen).toHaveLength(1);
    expect(seen[0].mayDelete).toBe(false);
    const download = await t.app.inject({ method: 'GET', url: seen[0].url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const ownerId = await memberIdOf(t.database.db, 'owner@example.com');
    const docs = (await owner.get(`/api/memberships/${ownerId}/documents`)).json();
    expect(docs.documents.map((d: { id: string }) => d.id)).not.toContain(file.id);
    refused(await employee.delete(`/api/company/files/${file.id}`), 403, 'FORBIDDEN');
    refused(await owner.delete(`/api/uploads/${file.id}`), 404, 'NOT_FOUND');
    const removed = await manager.delete(`/api/company/files/${file.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().files).toEqual([]);
    refused(await manager.delete(`/api/company/files/${file.id}`), 404, 'NOT_FOUND');
  });

  it('answers 404 for another account’s file; each account has its own page', async () => {
    await account(ids.store, { module: true, visible: true });
    const added = await upload(owner);
    const file = added.json().files[0];
    // The sample owner also owns Corner Store: switch there and find the Bistro's file missing.
    const storeOwner = await signIn(t.app, 'owner@example.com');
    expect((await storeOwner.put(`/api/switch/account/${ids.store}`)).statusCode).toBe(200);
    const storePage = (await storeOwner.get('/api/company')).json();
    expect(storePage).toMatchObject({ about: '', files: [] });
    await expectForeignIdsNotFound(storeOwner, [{ method: 'DELETE', url: `/api/company/files/${file.id}` }]);
  });
});
