import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, availability, availabilityDefaults, memberships, outbox, users } from '../../db/schema';
import { type RosterTest, setUpRoster } from '../roster/testkit';
import { remindAvailability } from './reminders';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const db = () => r.t.database.db;
/** A Monday morning years ahead of the sample's data: 06:00 UTC is the schedule's tick. */
const MONDAY = new Date('2031-03-03T06:00:00Z');
// With two weeks ahead, the week from Monday 17 March closes from Tuesday on.

const mails = () => db().select().from(outbox).where(eq(outbox.template, 'availabilityReminder'));
const emailOf = async (membershipId: string) =>
  (
    await db()
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, membershipId))
  )[0].email;

beforeEach(async () => {
  await db().delete(outbox);
  await r.settings({ availabilityWeeksAhead: 2 });
  // Emma, Anna and Mia start without weekday defaults.
  for (const id of [r.ids.emma, r.ids.anna, r.ids.mia])
    await db().delete(availabilityDefaults).where(eq(availabilityDefaults.membershipId, id));
});

describe('the availability reminder (a scheduled job)', () => {
  it('mails each member who enters availability and has nothing for the week that starts closing, in their language', async () => {
    // Anna entered a day of that week; Mia has a weekday default: neither is reminded.
    await db().insert(availability).values({
      accountId: r.ids.bistro,
      membershipId: r.ids.anna,
      date: '2031-03-19',
      type: 'wish',
    });
    await db().insert(availabilityDefaults).values({ membershipId: r.ids.mia, weekday: 0, type: 'available' });
    await db()
      .update(users)
      .set({ locale: 'de' })
      .where(eq(users.email, await emailOf(r.ids.emma)));
    const sent = await remindAvailability(r.t.ctx, MONDAY);
    const list = await mails();
    expect(list).toHaveLength(sent);
    const to = list.map((m) => m.to);
    expect(to).toContain(await emailOf(r.ids.emma));
    expect(to).not.toContain(await emailOf(r.ids.anna));
    expect(to).not.toContain(await emailOf(r.ids.mia));
    const emma = list.find((m) => m.to === 'employee@example.com');
    expect(emma).toMatchObject({ locale: 'de', accountId: r.ids.bistro });
    expect(emma?.subject).toBe('Tragen Sie Ihre Verfügbarkeit für Montag, 17. März 2031 – Sonntag, 23. März 2031 ein');
    expect(emma?.text).toContain('/de/verfuegbarkeit');
    expect(emma?.text).toContain('2 Woche(n)');
    // Nobody of Corner Store: it has no availability module.
    expect(list.every((m) => m.accountId === r.ids.bistro)).toBe(true);
    await db().update(users).set({ locale: 'en' }).where(eq(users.email, 'employee@example.com'));
  });

  it('leaves out members without the right or the flag, and inactive members', async () => {
    await db()
      .update(memberships)
      .set({ rights: ['hours.own'] })
      .where(eq(memberships.id, r.ids.emma));
    await db().update(memberships).set({ availabilityFlag: false }).where(eq(memberships.id, r.ids.anna));
    await remindAvailability(r.t.ctx, MONDAY);
    const to = (await mails()).map((m) => m.to);
    expect(to).not.toContain(await emailOf(r.ids.emma));
    expect(to).not.toContain(await emailOf(r.ids.anna));
    expect(to).not.toContain(await emailOf(r.ids.laura));
    expect(to).toContain(await emailOf(r.ids.mia));
    await db()
      .update(memberships)
      .set({ rights: ['colleagues.view', 'hours.own', 'vacation.request', 'availability.edit', 'placeholders.signup'] })
      .where(eq(memberships.id, r.ids.emma));
    await db().update(memberships).set({ availabilityFlag: true }).where(eq(memberships.id, r.ids.anna));
  });

  it('sends nothing without a weeks-ahead deadline or with the module switched off', async () => {
    await r.settings({ availabilityWeeksAhead: 0 });
    expect(await remindAvailability(r.t.ctx, MONDAY)).toBe(0);
    await r.settings({ availabilityWeeksAhead: 2 });
    const [account] = await db().select().from(accounts).where(eq(accounts.id, r.ids.bistro));
    await db()
      .update(accounts)
      .set({ modules: account.modules.filter((m) => m !== 'availability') })
      .where(eq(accounts.id, r.ids.bistro));
    try {
      expect(await remindAvailability(r.t.ctx, MONDAY)).toBe(0);
    } finally {
      await db().update(accounts).set({ modules: account.modules }).where(eq(accounts.id, r.ids.bistro));
    }
    expect(await mails()).toEqual([]);
  });
});
