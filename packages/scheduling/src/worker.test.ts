import { afterAll, describe, expect, it } from 'vitest';
import { generateInstance } from './generate';
import { solveMatching } from './solve';
import { closeMatchingWorker, solveInWorker } from './worker';

afterAll(() => closeMatchingWorker());

describe('solving in a worker thread', () => {
  it('answers what the engine answers in-thread, while the event loop keeps running', async () => {
    const input = generateInstance('SMALL', 3);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const inWorker = await solveInWorker(input, { engine: 'exact' });
    const elapsed = performance.now() - started;
    clearInterval(timer);
    const inThread = await solveMatching(input, { engine: 'exact' });
    expect(inWorker.status).toBe('optimal');
    expect(inWorker.objective).toBeCloseTo(inThread.objective, 6);
    expect(inWorker.assignments.length).toBe(inThread.assignments.length);
    // The event loop ran during the solve (a blocked loop would tick about once).
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });

  it('stops on abort, and the next solve starts a new worker', async () => {
    const controller = new AbortController();
    const running = solveInWorker(generateInstance('LARGE', 1), { engine: 'exact', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(running).rejects.toThrow('cancelled');
    const next = await solveInWorker(generateInstance('SMALL', 1), { engine: 'fast' });
    expect(next.assignments.length).toBeGreaterThan(0);
  });
});
