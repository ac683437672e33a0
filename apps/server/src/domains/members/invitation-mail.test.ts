import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { memberships, outbox, users } from '../../db/schema';
import { type Command, registerCommandHook } from '../../platform/command';
import { rosterIds } from '../roster/testkit';

/**
 * Invitations are one command: the people, their memberships and their mails commit together (a crash after the
 * commit loses no invitation, a refusal leaves no mail). The hook looks into the command's transaction before it
 * commits, as a crash right after the commit would leave it.
 */

let t: TestApp;
let owner: Agent;
let hq: string;
/** What the hook saw inside the transaction, and whether it refuses the command (rolling everything back). */
const watch = { addresses: [] as string[], seen: -1, refuse: false };

registerCommandHook({
  async beforeCommit(command: Command) {
    if (watch.addresses.length === 0) return;
    const rows = await command.tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.template, 'invitation'), inArray(outbox.to, watch.addresses)));
    watch.seen = rows.length;
    if (watch.refuse) throw new Error('the process died before the commit');
  },
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  hq = (await rosterIds(t.database.db)).hq;
});
afterAll(async () => t.dispose());

const people = (prefix: string) =>
  Array.from({ length: 30 }, (_, i) => ({
    fname: 'Guest',
    lname: `${prefix} ${i}`,
    email: `${prefix}-${i}@example.com`,
  }));
const invitedOf = (addresses: string[]) =>
  t.database.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inArray(sql`lower(${users.email})`, addresses));

describe('inviting thirty people in one command', () => {
  it('writes the thirty mails in the transaction of the thirty memberships', async () => {
    const list = people('thirty');
    watch.addresses = list.map((p) => p.email);
    const res = await owner.post('/api/members/invitations', { people: list, locationIds: [hq] });
    watch.addresses = [];
    expect(res.statusCode, res.body).toBe(200);
    expect(watch.seen).toBe(30);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.template, 'invitation'),
          inArray(
            outbox.to,
            list.map((p) => p.email),
          ),
        ),
      );
    expect(mails).toHaveLength(30);
    // One code per person, each in its own mail.
    expect(new Set(mails.map((m) => m.text)).size).toBe(30);
    expect(await invitedOf(list.map((p) => p.email))).toHaveLength(30);
  });

  it('a command that does not commit leaves neither members nor mails', async () => {
    const list = people('lost');
    watch.addresses = list.map((p) => p.email);
    watch.refuse = true;
    const res = await owner.post('/api/members/invitations', { people: list, locationIds: [hq] });
    watch.addresses = [];
    watch.refuse = false;
    expect(res.statusCode).toBe(500);
    expect(watch.seen).toBe(30);
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(
          inArray(
            outbox.to,
            list.map((p) => p.email),
          ),
        ),
    ).toEqual([]);
    expect(await invitedOf(list.map((p) => p.email))).toEqual([]);
    // Nothing half-done: inviting them again works.
    const again = await owner.post('/api/members/invitations', { people: list, locationIds: [hq] });
    expect(again.statusCode, again.body).toBe(200);
  });
});
