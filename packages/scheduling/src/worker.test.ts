import { afterAll, describe, expect, it } from 'vitest';
import { generateInstance } from './generate';
import { solveMatching } from './solve';
import { closeMatchingWorker, solveInWorker } from './worker';

afterAll(() => closeMatchingWorker());

describe('solving in a worker thread', () => {
  it('answers what the engine answers in-thread, while the event loop keeps running', async () => {
    const input = generateInstance('SMALL', 3);
    // The main thread answers while the worker solves: an immediate callback runs before the answer arrives.
    let ranMeanwhile = false;
    const solving = solveInWorker(input, { engine: 'exact' }).then((result) => ({ result, ranMeanwhile }));
    setImmediate(() => {
      ranMeanwhile = true;
    });
    const { result: inWorker, ranMeanwhile: loopRan } = await solving;
    const inThread = await solveMatching(input, { engine: 'exact' });
    expect(inWorker.status).toBe('optimal');
    expect(inWorker.objective).toBeCloseTo(inThread.objective, 6);
    expect(inWorker.assignments.length).toBe(inThread.assignments.length);
    // The event loop ran during the solve (an in-thread solve would finish before any callback ran).
    expect(loopRan).toBe(true);
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
