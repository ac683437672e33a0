import { JOB_NAMES } from '@app/contracts';
import { addDays, now, todayIn } from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { startSmtp } from '../../test/smtp';
import { type BuiltApp, buildApp, productJobs } from '../app';
import { testConfig } from '../config';
import { accounts, activityLog, locations, outbox } from '../db/schema';

/** Polls until `check` holds (the queue works in the background), or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let second: BuiltApp | null = null;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ config: { smtpUrl: smtp.url, jobs: true } });
  // An old entry of the activity log, for the prune job that runs at start.
  const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
  await t.database.db.insert(activityLog).values({
    accountId: bistro.id,
    entity: 'item',
    action: 'create',
    at: new Date(now().getTime() - 40 * 24 * 60 * 60 * 1000),
  });
  await t.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await second?.close();
  await t?.dispose();
  await smtp?.close();
});

const mailsOf = (template: string) => t.database.db.select().from(outbox).where(eq(outbox.template, template));

describe('background jobs', () => {
  it('every job of JobPayloads is defined exactly once, by its domain, and the queue runs each', async () => {
    const defined = productJobs(t.ctx).map((j) => j.name);
    expect([...defined].sort()).toEqual([...JOB_NAMES].sort());
    expect(new Set(defined).size).toBe(defined.length);
    // The queue knows them all (a queue per job), and no job is left of mail, which the outbox delivers itself.
    const queues = await t.database.executeSql("SELECT name FROM jobs.queue WHERE name NOT LIKE '__pgboss%'");
    expect(queues.rows.map((r) => r.name).sort()).toEqual([...JOB_NAMES].sort());
  });

  it('a release answers without waiting for its mails; the mail worker delivers each once', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    const [hq] = await t.database.db.select().from(locations).where(eq(locations.name, 'Headquarter'));
    smtp.hold();
    let queued: (typeof outbox.$inferSelect)[];
    try {
      const res = await planner.put(`/api/locations/${hq.id}/release`, {
        date: addDays(todayIn('Europe/Berlin'), 3),
      });
      // The SMTP server answers nothing while held: a request that delivered inline could not have answered yet.
      expect(res.statusCode, res.body).toBe(200);
      queued = await mailsOf('rosterReleased');
      expect(queued.length).toBeGreaterThanOrEqual(10);
      expect(smtp.received).toHaveLength(0);
    } finally {
      smtp.release();
    }
    await eventually(
      async () => (await mailsOf('rosterReleased')).every((m) => m.status === 'sent'),
      'every release mail sent',
    );
    await smtp.settled();
    const delivered = smtp.received.filter((m) => /Headquarter/.test(m.subject ?? ''));
    expect(delivered.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()).toEqual(
      queued.map((m) => m.to).sort(),
    );
    expect((await mailsOf('rosterReleased')).every((m) => m.attempts === 1)).toBe(true);
  });

  it('prunes the activity log at start and every six hours, once across instances', async () => {
    await eventually(
      async () =>
        (await t.database.db.select().from(activityLog).where(sql`${activityLog.at} < now() - interval '35 days'`))
          .length === 0,
      'the old entry pruned',
    );
    const schedules = await t.database.executeSql('SELECT name, cron FROM jobs.schedule ORDER BY name');
    expect(schedules.rows).toEqual([
      { name: 'accounts.tick', cron: '7 0 * * *' },
      { name: 'activity.prune', cron: '17 */6 * * *' },
      { name: 'availability.remind', cron: '0 6 * * 1' },
      { name: 'billing.run', cron: '7 * * * *' },
      { name: 'checkins.autoCheckout', cron: '*/5 * * * *' },
      { name: 'demo.remove', cron: '41 * * * *' },
      { name: 'idempotency.prune', cron: '29 * * * *' },
      { name: 'invoicing.draft', cron: '41 3 * * *' },
      { name: 'projects.fill', cron: '17 2 * * *' },
      { name: 'uploads.sweep', cron: '43 3 * * *' },
      { name: 'webhooks.deliver', cron: '* * * * *' },
    ]);
  });

  it('with two instances working the outbox, every mail still leaves exactly once', async () => {
    second = await buildApp(testConfig({ smtpUrl: smtp.url, jobs: true, webDist: '/nonexistent' }), {
      database: t.database,
    });
    await second.listen(0, '127.0.0.1');
    const before = smtp.received.length;
    const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    const mails = Array.from({ length: 30 }, (_, i) => ({
      to: `twice-${i}@example.com`,
      locale: 'en' as const,
      accountId: bistro.id,
      template: 'rosterChanged' as const,
      params: { location: 'Headquarter', date: 'today', name: `Person ${i}`, link: 'http://localhost' },
    }));
    // Half queued through each instance.
    await t.ctx.mailer.sendAll(t.database.db, mails.slice(0, 15));
    await second.ctx.mailer.sendAll(t.database.db, mails.slice(15));
    const ours = () =>
      t.database.db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.template, 'rosterChanged'),
            inArray(
              outbox.to,
              mails.map((m) => m.to),
            ),
          ),
        );
    await eventually(async () => (await ours()).every((m) => m.status === 'sent'), 'all 30 sent');
    await smtp.settled();
    const received = smtp.received.slice(before).map((m) => (Array.isArray(m.to) ? '' : m.to?.text));
    expect(received.sort()).toEqual(mails.map((m) => m.to).sort());
  });
});
