import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { accounts, costCentres, duties, shifts, tags, users } from '../db/schema';
import { GASTRONOMY } from '../domains/setup/templates';
import { PENDING_EMPLOYEE, PENDING_OWNER } from './pending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.dispose());

describe('the sample and the setup wizard', () => {
  it("builds Bistro Central from the wizard's gastronomy template", async () => {
    const db = t.database.db;
    const [bistro] = await db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    expect(bistro.industry).toBe('gastronomy');
    expect(bistro.modules).toEqual([...GASTRONOMY.modules]);
    const dutyRows = await db.select().from(duties).where(eq(duties.accountId, bistro.id));
    expect(dutyRows.map((d) => [d.identifier, d.name, d.color, d.restHours])).toEqual(
      GASTRONOMY.duties.map((d) => [d.identifier, d.name.en, d.color, d.restHours]),
    );
    const shiftRows = await db.select().from(shifts).where(eq(shifts.accountId, bistro.id));
    // The codes read in the sample's language (English): the initials of the English names.
    expect(shiftRows.map((s) => [s.identifier, s.name])).toEqual([
      ['E', 'Early'],
      ['M', 'Middle'],
      ['L', 'Late'],
    ]);
    expect(GASTRONOMY.shifts.map((s) => s.name.en)).toEqual(['Early', 'Middle', 'Late']);
    const tagRows = await db.select().from(tags).where(eq(tags.accountId, bistro.id));
    expect(tagRows.map((x) => x.name)).toEqual(GASTRONOMY.tags.map((x) => x.en));
    const [centre] = await db
      .select()
      .from(costCentres)
      .where(and(eq(costCentres.accountId, bistro.id), eq(costCentres.isDefault, true)));
    expect(centre.name).toBe(GASTRONOMY.costCentre.name.en);
  });

  it('holds a company whose setup is unfinished, with an owner and an employee who can sign in', async () => {
    const [pending] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Fresh Corner Shop'));
    expect(pending).toMatchObject({ setupComplete: false, status: 'trial' });
    for (const email of [PENDING_OWNER, PENDING_EMPLOYEE]) {
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(user.lastAccountId ?? pending.id).toBe(pending.id);
      const agent = await signIn(t.app, email);
      expect((await agent.get('/api/app/init')).json().account).toMatchObject({ id: pending.id, setupComplete: false });
    }
  });
});
