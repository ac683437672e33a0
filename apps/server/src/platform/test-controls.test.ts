import { now, setClock, systemClock } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { loadConfig } from '../config';
import { users } from '../db/schema';

describe('the browser flows’ controls', () => {
  const controlled = createTestApp({ sample: false, config: { testControls: true } });
  const plain = createTestApp({ sample: false });
  // The clock the suite runs on (test/clock.setup.ts); the route replaces it, so each test puts it back.
  const suiteClock = setClock(systemClock);
  setClock(suiteClock);
  afterEach(() => {
    setClock(suiteClock);
  });
  afterAll(async () => {
    await (await controlled).dispose();
    await (await plain).dispose();
  });

  it('moves the clock forward by whole days and runs a job at once', async () => {
    const { app } = await controlled;
    const start = now().getTime();
    const moved = await app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: 31 } });
    expect(moved.statusCode).toBe(200);
    const day = 24 * 60 * 60 * 1000;
    expect(Date.parse(moved.json().now) - start).toBeGreaterThanOrEqual(31 * day);
    expect(Date.parse(moved.json().now) - start).toBeLessThan(31 * day + 60_000);
    expect((await app.inject({ method: 'POST', url: '/api/test/jobs/activity.prune' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/test/jobs/nothing' })).statusCode).toBe(404);
  });

  it('makes a known person an operator, and answers 404 for anyone else', async ({ expect }) => {
    const { app, database } = await controlled;
    await database.db
      .insert(users)
      .values({ email: 'op@example.com', fname: 'Op', lname: 'Erator', passwordHash: 'x' });
    const made = await app.inject({
      method: 'POST',
      url: '/api/test/super-user',
      payload: { email: 'op@example.com' },
    });
    expect(made.statusCode).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.email, 'op@example.com'));
    expect(row.superUser).toBe(true);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/test/super-user',
      payload: { email: 'no@example.com' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not exist unless asked for, and is refused in production', async () => {
    const { app } = await plain;
    expect((await app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: 1 } })).statusCode).toBe(404);
    expect(() => loadConfig({ E2E_CONTROLS: '1', NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toThrow(/production/);
    expect(loadConfig({ E2E_CONTROLS: '1' } as NodeJS.ProcessEnv).testControls).toBe(true);
  });

  it('starts the clock at E2E_CLOCK_START with the controls, and ignores it without them', async () => {
    const start = '2027-10-30T23:30:00Z';
    expect(loadConfig({ E2E_CLOCK_START: start } as NodeJS.ProcessEnv).testClockStart).toBeUndefined();
    expect(() => loadConfig({ E2E_CONTROLS: '1', E2E_CLOCK_START: 'tonight' } as NodeJS.ProcessEnv)).toThrow();
    const config = loadConfig({ E2E_CONTROLS: '1', E2E_CLOCK_START: start } as NodeJS.ProcessEnv);
    expect(config.testClockStart).toBe(start);
    const started = await createTestApp({ sample: false, config: { testControls: true, testClockStart: start } });
    try {
      expect(now().getTime() - Date.parse(start)).toBeGreaterThanOrEqual(0);
      expect(now().getTime() - Date.parse(start)).toBeLessThan(60_000);
    } finally {
      await started.dispose();
    }
  });
});
