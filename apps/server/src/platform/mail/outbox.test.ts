import { randomUUID } from 'node:crypto';
import { clockFrom, now, withClock } from '@app/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtp } from '../../../test/smtp';
import { outbox } from '../../db/schema';
import { runCommand } from '../command';
import { createMailer, type MailDelivery, type Mailer } from './mailer';
import { claimDue, renewLease, settle } from './outbox';

/**
 * The outbox is the mail queue: rows written in a command's transaction, claimed by workers with SKIP LOCKED and a
 * short lease, retried with backoff, each message with the Message-ID of its row. On PGlite the workers take turns;
 * with TEST_DATABASE_URL they race on PostgreSQL's pool.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let closedPort: number;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  // A port that was free a moment ago: nothing listens there any more (SMTP down).
  const gone = await startSmtp();
  await gone.close();
  closedPort = gone.port;
  t = await createTestApp({ sample: false, config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  // Pooled connections left open would keep the SMTP server from closing.
  for (const w of workers) w.close();
  await t?.dispose();
  await smtp?.close();
});

const HOST = 'rosterly.example';

const workers: Mailer[] = [];
/** Another instance's worker on the same database (not started: its passes are run by hand). */
function worker(opts: { smtpUrl?: string; delivery?: Partial<MailDelivery> } = {}) {
  const made = createMailer({
    smtpUrl: opts.smtpUrl ?? smtp.url,
    from: 'Rosterly <no-reply@rosterly.test>',
    log: t.ctx.log,
    db: t.database.db,
    host: HOST,
    delivery: opts.delivery,
  });
  workers.push(made);
  return made;
}
const down = () => worker({ smtpUrl: `smtp://127.0.0.1:${closedPort}` });

/** Mails committed and due, as a command leaves them for the workers. */
async function queued(...tos: string[]) {
  const at = now();
  return t.database.db
    .insert(outbox)
    .values(
      tos.map((to) => {
        const id = randomUUID();
        return {
          id,
          to,
          locale: 'en',
          template: 'rosterChanged',
          subject: `Roster changed for ${to}`,
          text: 'Look at the roster.',
          status: 'queued',
          messageId: `<${id}@${HOST}>`,
          dueAt: at,
          queuedAt: at,
          createdAt: at,
        };
      }),
    )
    .returning();
}

const rowOf = async (id: string) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
const receivedBy = (to: string) =>
  smtp.received.filter((m) => !Array.isArray(m.to) && m.to?.value.some((a) => a.address === to));
const later = (ms: number) => clockFrom(new Date(now().getTime() + ms));

describe('the outbox as the mail queue', () => {
  it('a command that rolls back leaves no mail, and nothing is sent', async () => {
    await expect(
      runCommand(t.ctx, null, async (command) => {
        await t.ctx.mailer.send(command, {
          to: 'rolled.back@example.com',
          locale: 'en',
          template: 'resetPassword',
          params: { name: 'R', link: 'http://localhost/x' },
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, 'rolled.back@example.com'))).toEqual([]);
    await smtp.settled();
    expect(receivedBy('rolled.back@example.com')).toEqual([]);
  });

  it("a command's mail is written in its transaction and leaves after the commit, with its row's Message-ID", async () => {
    let seenInside = -1;
    await runCommand(t.ctx, null, async (command) => {
      await t.ctx.mailer.send(command, {
        to: 'committed@example.com',
        locale: 'en',
        template: 'resetPassword',
        params: { name: 'C', link: 'http://localhost/x' },
      });
      seenInside = (await command.tx.select().from(outbox).where(eq(outbox.to, 'committed@example.com'))).length;
      await smtp.settled();
      expect(receivedBy('committed@example.com')).toEqual([]);
    });
    expect(seenInside).toBe(1);
    await smtp.settled();
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'committed@example.com'));
    // PUBLIC_URL is http://localhost:3000 in tests.
    expect(row).toMatchObject({ status: 'sent', attempts: 1, messageId: `<${row.id}@localhost>`, leaseId: null });
    expect(receivedBy('committed@example.com').map((m) => m.messageId)).toEqual([row.messageId]);
  });

  it('two workers claim each row once: every mail leaves exactly once', async () => {
    const rows = await queued(...Array.from({ length: 60 }, (_, i) => `pair-${i}@example.com`));
    const [a, b] = [worker(), worker()];
    const [byA, byB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(byA.sent + byB.sent).toBe(60);
    await smtp.settled();
    const ids = rows.map((r) => r.messageId);
    const got = smtp.received.filter((m) => ids.includes(m.messageId ?? '')).map((m) => m.messageId);
    expect(got.sort()).toEqual([...ids].sort());
    const after = await t.database.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      );
    expect(after.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('concurrent claims never share a row (SKIP LOCKED)', async () => {
    const rows = await queued(...Array.from({ length: 50 }, (_, i) => `claim-${i}@example.com`));
    const ids = rows.map((r) => r.id);
    const at = now();
    const claims = await Promise.all(
      [1, 2, 3].map(() => claimDue(t.database.db, { at, leaseMs: 30_000, limit: 30, ids })),
    );
    const taken = claims.flatMap((c) => c.rows.map((r) => r.id));
    expect(taken.sort()).toEqual([...ids].sort());
    expect(new Set(claims.map((c) => c.lease)).size).toBe(3);
    // Settled so the other tests' workers leave them alone.
    for (const c of claims) for (const r of c.rows) await settle(t.database.db, r.id, c.lease, { sent: true, at });
  });

  it('a lease that runs out is taken again, and only the new holder records the outcome', async () => {
    const [row] = await queued('lease@example.com');
    const first = await claimDue(t.database.db, { at: now(), leaseMs: 1_000, limit: 5, ids: [row.id] });
    expect(first.rows.map((r) => r.id)).toEqual([row.id]);
    // Held: nobody else takes it, the heartbeat keeps it.
    expect((await claimDue(t.database.db, { at: now(), leaseMs: 1_000, limit: 5, ids: [row.id] })).rows).toEqual([]);
    expect(await renewLease(t.database.db, first.lease, [row.id], new Date(now().getTime() + 1_000))).toEqual([row.id]);
    // The worker died: its lease runs out and the row is due again.
    const second = await withClock(later(1_500), () =>
      claimDue(t.database.db, { at: now(), leaseMs: 1_000, limit: 5, ids: [row.id] }),
    );
    expect(second.rows.map((r) => [r.id, r.attempts])).toEqual([[row.id, 2]]);
    expect(await settle(t.database.db, row.id, first.lease, { sent: true, at: now() })).toBe(false);
    expect(await renewLease(t.database.db, first.lease, [row.id], now())).toEqual([]);
    expect(await settle(t.database.db, row.id, second.lease, { sent: true, at: now() })).toBe(true);
  });

  it('an interrupted delivery is resumed by a running worker within seconds (lease expiry, polling)', async () => {
    const [row] = await queued('resumed@example.com');
    // A worker took it and was killed before it delivered.
    await claimDue(t.database.db, { at: now(), leaseMs: 1_000, limit: 5, ids: [row.id] });
    const running = worker({ delivery: { leaseMs: 1_000, pollMs: 200 } });
    const started = Date.now();
    running.start();
    try {
      while ((await rowOf(row.id)).status !== 'sent') {
        if (Date.now() - started > 10_000) throw new Error('not resumed within 10 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await running.stop();
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    await smtp.settled();
    expect(receivedBy('resumed@example.com')).toHaveLength(1);
  });

  it('a sent row is never sent again, whatever is due', async () => {
    const [row] = await queued('once@example.com');
    expect((await worker().deliverDue({ ids: [row.id] })).sent).toBe(1);
    // Far in the future, with another worker: nothing to claim.
    const again = await withClock(later(30 * 24 * 60 * 60_000), () => worker().deliverDue({ ids: [row.id] }));
    expect(again).toEqual({ sent: 0, failed: 0 });
    await smtp.settled();
    expect(receivedBy('once@example.com')).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a rerun after a crash between sending and recording it sends the same Message-ID (receivers drop it)', async () => {
    const [row] = await queued('crash@example.com');
    await worker().deliverDue({ ids: [row.id] });
    // The crash: the mail went out but "sent" was never recorded; the lease ran out.
    await t.database.db
      .update(outbox)
      .set({ status: 'sending', sentAt: null, leaseId: randomUUID(), dueAt: now() })
      .where(eq(outbox.id, row.id));
    await worker().deliverDue({ ids: [row.id] });
    await smtp.settled();
    expect(receivedBy('crash@example.com').map((m) => m.messageId)).toEqual([row.messageId, row.messageId]);
    expect(row.messageId).toBe(`<${row.id}@${HOST}>`);
  });

  it('while SMTP is down a mail waits 1, then 2 minutes, and leaves once it is back', async () => {
    const [row] = await queued('outage@example.com');
    expect(await down().deliverDue({ ids: [row.id] })).toEqual({ sent: 0, failed: 1 });
    const first = await rowOf(row.id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, leaseId: null });
    expect(first.error).toMatch(/ECONNREFUSED/);
    const firstWait = first.dueAt.getTime() - now().getTime();
    expect(firstWait).toBeGreaterThan(55_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);
    // Not due yet: nobody tries.
    expect(await worker().deliverDue({ ids: [row.id] })).toEqual({ sent: 0, failed: 0 });
    await withClock(later(61_000), async () => {
      expect(await down().deliverDue({ ids: [row.id] })).toEqual({ sent: 0, failed: 1 });
      const second = await rowOf(row.id);
      expect(second.attempts).toBe(2);
      const wait = second.dueAt.getTime() - now().getTime();
      expect(wait).toBeGreaterThan(115_000);
      expect(wait).toBeLessThanOrEqual(120_000);
    });
    await withClock(later(61_000 + 121_000), async () => {
      expect(await worker().deliverDue({ ids: [row.id] })).toEqual({ sent: 1, failed: 0 });
    });
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 3, error: null });
    await smtp.settled();
    expect(receivedBy('outage@example.com').map((m) => m.messageId)).toEqual([row.messageId]);
  });

  it('a recipient the receiving server refuses (5xx) fails for good at once', async () => {
    smtp.refuse('no.such.mailbox@example.com');
    const [row] = await queued('no.such.mailbox@example.com');
    expect(await worker().deliverDue({ ids: [row.id] })).toEqual({ sent: 0, failed: 1 });
    const failed = await rowOf(row.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, leaseId: null });
    expect(failed.error).toMatch(/550/);
    expect(await withClock(later(24 * 60 * 60_000), () => worker().deliverDue({ ids: [row.id] }))).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it('a mail still undelivered when its retry period ends fails for good', async () => {
    const [row] = await queued('gave.up@example.com');
    const brief = worker({
      smtpUrl: `smtp://127.0.0.1:${closedPort}`,
      delivery: { retry: { baseMs: 1_000, maxMs: 1_000, forMs: 1_500 } },
    });
    await brief.deliverDue({ ids: [row.id] });
    expect((await rowOf(row.id)).status).toBe('queued');
    await withClock(later(1_600), () => brief.deliverDue({ ids: [row.id] }));
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', attempts: 2 });
  });
});
