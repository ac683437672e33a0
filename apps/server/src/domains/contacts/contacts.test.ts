import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, memberships } from '../../db/schema';
import { memberIdOf, rosterIds } from '../roster/testkit';

let t: TestApp;
let owner: Agent;
let employee: Agent;
let bistro: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  bistro = (await rosterIds(t.database.db)).bistro;
});
afterAll(async () => t.dispose());

async function setVisibility(visibility: 'public' | 'private') {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, bistro));
  await t.database.db
    .update(accounts)
    .set({ settings: { ...(row.settings as object), contactsVisibility: visibility } })
    .where(eq(accounts.id, bistro));
}

describe('the address book', () => {
  it('lists the active colleagues with e-mail, phones, job and plannings for contacts.view', async () => {
    const res = await owner.get('/api/contacts');
    expect(res.statusCode).toBe(200);
    const contacts = res.json().contacts;
    const anna = contacts.find((c: { email: string }) => c.email === 'anna.schmidt@example.com');
    expect(anna).toMatchObject({ fname: 'Anna', lname: 'Schmidt', mobile: expect.stringMatching(/^\+49/) });
    expect(anna.locations.length).toBeGreaterThan(0);
    // Sorted by last name.
    const names = contacts.map((c: { lname: string }) => c.lname);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('leaves out inactive members', async () => {
    const anna = await memberIdOf(t.database.db, 'anna.schmidt@example.com');
    await t.database.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.id, anna));
    const emails = (await owner.get('/api/contacts')).json().contacts.map((c: { email: string }) => c.email);
    expect(emails).not.toContain('anna.schmidt@example.com');
    await t.database.db.update(memberships).set({ status: 'active' }).where(eq(memberships.id, anna));
  });

  it('refuses an employee without contacts.view while contacts are private, and serves everyone once public', async () => {
    expect((await employee.get('/api/contacts')).statusCode).toBe(403);
    await setVisibility('public');
    const res = await employee.get('/api/contacts');
    expect(res.statusCode).toBe(200);
    // Only the employee's own account.
    expect(res.json().contacts.map((c: { email: string }) => c.email)).not.toContain('julia.lang@example.com');
    await setVisibility('private');
  });

  it('gives the right to an employee: they see the book without public visibility', async () => {
    const id = await memberIdOf(t.database.db, 'employee@example.com');
    const [m] = await t.database.db.select().from(memberships).where(eq(memberships.id, id));
    await t.database.db
      .update(memberships)
      .set({ rights: [...m.rights, 'contacts.view'] })
      .where(eq(memberships.id, id));
    const fresh = await signIn(t.app, 'employee@example.com');
    expect((await fresh.get('/api/contacts')).statusCode).toBe(200);
    await t.database.db.update(memberships).set({ rights: m.rights }).where(eq(memberships.id, id));
  });

  it("keeps a private colleague's e-mail and phones from colleagues, not from those who manage the team", async () => {
    const anna = await memberIdOf(t.database.db, 'anna.schmidt@example.com');
    const detail = (await owner.get(`/api/members/${anna}`)).json();
    expect(detail.access.contactVisibility).toBe('public');
    const set = await owner.put(`/api/members/${anna}/access`, { ...detail.access, contactVisibility: 'private' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().access.contactVisibility).toBe('private');
    // Sent without it, the access leaves the visibility as it is.
    const { contactVisibility: _kept, ...withoutVisibility } = set.json().access;
    expect((await owner.put(`/api/members/${anna}/access`, withoutVisibility)).json().access.contactVisibility).toBe(
      'private',
    );

    const id = await memberIdOf(t.database.db, 'employee@example.com');
    const [m] = await t.database.db.select().from(memberships).where(eq(memberships.id, id));
    await t.database.db
      .update(memberships)
      .set({ rights: [...m.rights, 'contacts.view'] })
      .where(eq(memberships.id, id));
    try {
      const colleague = await signIn(t.app, 'employee@example.com');
      const seen = (await colleague.get('/api/contacts')).json().contacts;
      expect(seen.find((c: { membershipId: string }) => c.membershipId === anna)).toMatchObject({
        fname: 'Anna',
        jobTitle: expect.any(String),
        email: null,
        phone: null,
        mobile: null,
        hidden: true,
      });
      // The sample keeps Jonas private too.
      expect(seen.find((c: { fname: string; lname: string }) => c.lname === 'Richter')).toMatchObject({
        fname: 'Jonas',
        hidden: true,
        email: null,
      });
      // Their own entry and public colleagues stay whole.
      const own = seen.find((c: { membershipId: string }) => c.membershipId === id);
      expect(own).toMatchObject({ email: 'employee@example.com', hidden: false });
      const byOwner = (await owner.get('/api/contacts')).json().contacts;
      expect(byOwner.find((c: { membershipId: string }) => c.membershipId === anna)).toMatchObject({
        email: 'anna.schmidt@example.com',
        hidden: false,
      });
    } finally {
      await t.database.db.update(memberships).set({ rights: m.rights }).where(eq(memberships.id, id));
      await owner.put(`/api/members/${anna}/access`, { ...detail.access, contactVisibility: 'public' });
    }
  });

  it('answers 403 MODULE_INACTIVE while the contacts module is off', async () => {
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, bistro));
    await t.database.db
      .update(accounts)
      .set({ modules: row.modules.filter((m) => m !== 'contacts') })
      .where(eq(accounts.id, bistro));
    const res = await owner.get('/api/contacts');
    expect([res.statusCode, res.json().code]).toEqual([403, 'MODULE_INACTIVE']);
    await t.database.db.update(accounts).set({ modules: row.modules }).where(eq(accounts.id, bistro));
  });
});
