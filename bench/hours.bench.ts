/**
 * Benchmark of hours at scale (docs/product/hours.md): approving a month of 200 people, and exporting it.
 *
 * Budgets (printed as PASS/MISS; the script never fails on them, figures observed are kept in README.md):
 * - approving the month: the supervisor's "approve all pending of the period", one call per week of the month, as the
 *   timesheet sends it; printed, no budget set by the issue;
 * - exporting it: POST /api/reports/download of the month with every download field as xlsx (about 6,000 lines,
 *   grouped per employee), then fetching the file: <= 3 s from the request to the last byte of the file.
 *
 * The data set is `SAMPLE_DATA=large` (the Event Hall: 200 staff, this calendar month), built once on PGlite in memory,
 * plus one line of pending hours per person and day of the month written straight into the table. Requests go over
 * HTTP to the server booted in-process, signed in as the owner (who supervises and holds the accountant's role), timed
 * with performance.now(). Above REPORT_SYNC_MAX_LINES the download runs as the `reports.export` job; without the job
 * queue (as here) the job runs inside the request, so the figure is the whole work of building the file.
 *
 * Environment: BENCH_EXPORTS (default 3): how many times the export is repeated (the figures of each are printed).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { HOURS_DOWNLOAD_FIELDS } from '@app/contracts';
import { addDays, now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { hours, membershipLocations } from '../apps/server/src/db/schema';
import { SAMPLE_PASSWORD, seedSampleData } from '../apps/server/src/sample/seed';

const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 3);
const BUDGET_EXPORT_MS = 3000;
/** Every download field: the widest file an accountant can ask for. */
const FIELDS = [...HOURS_DOWNLOAD_FIELDS];

const round = (ms: number) => Math.round(ms);

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  console.log(`${os.cpus().length} CPUs, load average (1/5/15 min) ${load} at the start.`);
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const seeding = performance.now();
  const { large } = await seedSampleData(database.db, { roster: true, large: true });
  if (!large) throw new Error('the large sample was not built');
  const staff = await database.db
    .select({ id: membershipLocations.membershipId })
    .from(membershipLocations)
    .where(eq(membershipLocations.locationId, large.location));
  const { accounts } = await import('../apps/server/src/db/schema');
  const [bistro] = await database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Bistro Central'));
  const days: string[] = [];
  for (let d = large.from; d <= large.until; d = addDays(d, 1)) days.push(d);
  const at = now();
  const rows = staff.flatMap((m, i) =>
    days.map((date) => ({
      accountId: bistro.id,
      membershipId: m.id,
      locationId: large.location,
      date,
      fromMinutes: 8 * 60 + (i % 4) * 60,
      untilMinutes: 16 * 60 + (i % 4) * 60,
      breakMinutes: 30,
      minutes: 450,
      status: 'pending',
      comment: i % 10 === 0 ? 'Set-up crew' : '',
      expensesCents: i % 7 === 0 ? 1250 : null,
      costCents: 9000,
      createdBy: m.id,
      createdAt: at,
      updatedAt: at,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(hours).values(rows.slice(i, i + 1000));
  console.log(
    `PGlite: SAMPLE_DATA=large and ${rows.length} pending lines (${staff.length} people x ${days.length} days) built in ` +
      `${((performance.now() - seeding) / 1000).toFixed(1)} s.`,
  );

  const built = await buildApp(testConfig({ webDist: '/nonexistent', logLevel: 'silent' }), { database });
  try {
    const port = await built.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@example.com', password: SAMPLE_PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid')?.value;
    const csrfToken = (login.json() as { csrfToken?: string }).csrfToken;
    if (login.statusCode !== 200 || !sid || !csrfToken) throw new Error(`sign-in failed: ${login.statusCode}`);
    const headers = { cookie: `sid=${sid}`, 'x-csrf-token': csrfToken, 'content-type': 'application/json' };

    // Approving the month: all pending of each week at the Event Hall.
    const approving = performance.now();
    let approved = 0;
    for (let from = large.from; from <= large.until; from = addDays(from, 7)) {
      const until = addDays(from, 6) < large.until ? addDays(from, 6) : large.until;
      const res = await fetch(`${base}/api/hours/approve`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ from, until, location: large.location }),
      });
      if (!res.ok) throw new Error(`approve failed: ${res.status} ${await res.text()}`);
      approved += ((await res.json()) as { count: number }).count;
    }
    const approveMs = performance.now() - approving;
    console.log(`approve the month: ${approved} lines of ${staff.length} people in ${round(approveMs)} ms`);

    const exports: number[] = [];
    for (let n = 0; n < EXPORTS; n++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/reports/download`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          filters: { from: large.from, until: large.until, locations: [large.location] },
          fields: FIELDS,
          format: 'xlsx',
          group: 'employee',
        }),
      });
      let bytes: ArrayBuffer;
      let lines = 0;
      if (res.status === 202) {
        const job = (await res.json()) as { job: string; lines: number };
        lines = job.lines;
        const file = await fetch(`${base}/api/exports/${job.job}/file`, { headers });
        if (!file.ok) throw new Error(`file failed: ${file.status}`);
        bytes = await file.arrayBuffer();
      } else {
        if (!res.ok) throw new Error(`download failed: ${res.status} ${await res.text()}`);
        bytes = await res.arrayBuffer();
      }
      const ms = performance.now() - started;
      exports.push(ms);
      console.log(
        `export the month as xlsx (${lines} lines, ${FIELDS.length} fields, per employee): ${round(ms)} ms, ` +
          `${(bytes.byteLength / 1024).toFixed(0)} KiB  ${ms <= BUDGET_EXPORT_MS ? 'PASS' : 'MISS'} (<= ${BUDGET_EXPORT_MS} ms)`,
      );
    }
    // Where the time goes: reading the lines, and writing the workbook.
    const { exportLines } = await import('../apps/server/src/domains/reports/repo');
    const { writeFile } = await import('../apps/server/src/domains/reports/files');
    const { fileLabels } = await import('../apps/server/src/domains/reports/labels');
    const reading = performance.now();
    const lines = await database.db.transaction((tx) =>
      exportLines(tx, bistro.id, 'report', { from: large.from, until: large.until, locations: [large.location] }),
    );
    const readMs = performance.now() - reading;
    const writing = performance.now();
    await writeFile(lines, {
      fields: FIELDS as never,
      group: 'employee',
      format: 'xlsx',
      labels: fileLabels('en'),
      timeZone: 'Europe/Berlin',
    });
    console.log(
      `  of which: reading ${lines.length} lines ${round(readMs)} ms, writing the xlsx ${round(performance.now() - writing)} ms`,
    );
    const best = Math.min(...exports);
    console.log(
      `summary: approve ${round(approveMs)} ms; export best ${round(best)} ms, worst ${round(Math.max(...exports))} ms ` +
        `(budget ${BUDGET_EXPORT_MS} ms: ${best <= BUDGET_EXPORT_MS ? 'PASS' : 'MISS'})`,
    );
  } finally {
    await built.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
