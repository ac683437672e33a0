import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, memberships, users } from '../../db/schema';

/**
 * The rights list (docs/product/rights.md): every right in it is checked somewhere, and the dropped ones
 * (`balances.own`, `colleagues.supervise`) that old memberships may still hold are ignored when read.
 */

let t: TestApp;
let owner: Agent;

async function membershipOf(email: string) {
  const [row] = await t.database.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.email, email), eq(accounts.name, 'Bistro Central')));
  return row.id;
}

const setRights = async (email: string, rights: string[]) =>
  t.database.db
    .update(memberships)
    .set({ rights })
    .where(eq(memberships.id, await membershipOf(email)));

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
});
afterAll(async () => t.dispose());

describe('rights no longer in the list', () => {
  it('a membership still holding them signs in, and its rights read without them', async () => {
    await setRights('biller@example.com', ['hours.own', 'balances.own', 'colleagues.supervise', 'made.up']);
    const biller = await signIn(t.app, 'biller@example.com');
    const init = await biller.get('/api/app/init');
    expect(init.statusCode).toBe(200);
    expect(init.json().membership.rights).toEqual(['hours.own']);

    const detail = await owner.get(`/api/members/${await membershipOf('biller@example.com')}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().access.rights).toEqual(['hours.own']);

    // The team page sends back what it read: saving drops the old names from the row.
    const access = detail.json().access;
    const saved = await owner.put(`/api/members/${await membershipOf('biller@example.com')}/access`, access);
    expect(saved.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ rights: memberships.rights })
      .from(memberships)
      .where(eq(memberships.id, await membershipOf('biller@example.com')));
    expect(row.rights).toEqual(['hours.own']);
  });

  it('they cannot be granted any more', async () => {
    const detail = (await owner.get(`/api/members/${await membershipOf('biller@example.com')}`)).json();
    const res = await owner.put(`/api/members/${await membershipOf('biller@example.com')}/access`, {
      ...detail.access,
      rights: ['colleagues.supervise'],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields)).toEqual(['rights.0']);
  });
});

describe('reports.access', () => {
  it('opens the reports to a member without the accountant role, but not the payroll export', async () => {
    const week = { from: '2025-01-06', until: '2025-01-12' };
    let employee = await signIn(t.app, 'employee@example.com');
    expect((await employee.get('/api/reports/options')).statusCode).toBe(403);

    await setRights('employee@example.com', ['reports.access']);
    employee = await signIn(t.app, 'employee@example.com');
    const options = await employee.get('/api/reports/options');
    expect(options.statusCode).toBe(200);
    expect(options.json().payroll).toBe(false);
    expect((await employee.post('/api/reports/preview', week)).statusCode).toBe(200);
    expect((await employee.get('/api/reports/saved')).statusCode).toBe(200);
    const payroll = await employee.post('/api/reports/payroll', week);
    expect([payroll.statusCode, payroll.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('a manager is no accountant: reports need the role or the right', async () => {
    const manager = await signIn(t.app, 'manager@example.com');
    expect((await manager.get('/api/reports/options')).statusCode).toBe(403);
    await setRights('manager@example.com', ['reports.access']);
    expect((await (await signIn(t.app, 'manager@example.com')).get('/api/reports/options')).statusCode).toBe(200);
  });
});
