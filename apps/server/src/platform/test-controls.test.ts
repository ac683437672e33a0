import { now, setClock, systemClock } from '@app/domain';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { loadConfig } from '../config';

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

  it('does not exist unless asked for, and is refused in production', async () => {
    const { app } = await plain;
    expect((await app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: 1 } })).statusCode).toBe(404);
    expect(() => loadConfig({ E2E_CONTROLS: '1', NODE_ENV: 'production' } as NodeJS.ProcessEnv)).toThrow(/production/);
    expect(loadConfig({ E2E_CONTROLS: '1' } as NodeJS.ProcessEnv).testControls).toBe(true);
  });
});
