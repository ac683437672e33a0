/**
 * Benchmark of the matching wizard's engines (packages/scheduling) on generated instances.
 *
 * For each size (SMALL 15 people x 14 days, LARGE 50 x 28 days x 7 plannings, XL 200 x 28 days) and both engines it
 * prints: items, items filled, hard-rule violations found by the validator (must be 0), objective, the gap to the
 * best HiGHS bound of that instance, status, and the wall time and CPU time (`process.cpuUsage`, which a loaded
 * machine distorts far less than the wall time) of the whole solve (model building, engine, validation,
 * explanations), with the load average before and after. The engines run in this thread, one after the other, after one warm-up solve (HiGHS's WebAssembly
 * gets fast after its first use; the worker the server uses stays warm the same way).
 *
 * Budgets (printed as PASS/MISS; the run never fails on them):
 * - LARGE, exact: optimal, or a proven gap under 0.5 %, within 10 s;
 * - LARGE, fast: within 3 % of the optimum in under 1 s;
 * - XL, fast: within 5 % of the optimum (or HiGHS's bound) in under 10 s; the goal beyond it: within 2 % in 2 s;
 * - XL, exact: the goal of proving the optimum within 10 s (a MISS says how far it is).
 * It exits 1 only when a proposal breaks a hard rule (a correctness failure, not a budget).
 *
 * Environment: BENCH_SEEDS (default "1"), BENCH_SIZES (default "SMALL,LARGE,XL"), BENCH_EXACT_MS (time limit of the
 * exact engine, default 10000), BENCH_XL_REFERENCE_MS (a longer exact run on XL for the reference bound, default
 * 30000; 0 skips it), BENCH_FAST_MS_SMALL / _LARGE / _XL (the fast engine's time cap: 200, 600, 1000).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  generateInstance,
  type InstanceSize,
  type MatchingResult,
  type SolveOptions,
  solveMatching,
  validateProposal,
} from '@app/scheduling';

const SEEDS = (process.env.BENCH_SEEDS ?? '1').split(',').map(Number);
const SIZES = (process.env.BENCH_SIZES ?? 'SMALL,LARGE,XL').split(',') as InstanceSize[];
const EXACT_MS = Number(process.env.BENCH_EXACT_MS ?? 10_000);
const XL_REFERENCE_MS = Number(process.env.BENCH_XL_REFERENCE_MS ?? 30_000);
const FAST_MS: Record<InstanceSize, number> = {
  SMALL: Number(process.env.BENCH_FAST_MS_SMALL ?? 200),
  LARGE: Number(process.env.BENCH_FAST_MS_LARGE ?? 600),
  XL: Number(process.env.BENCH_FAST_MS_XL ?? 1_000),
};

interface Row {
  size: InstanceSize;
  seed: number;
  engine: string;
  items: number;
  pairs: number;
  filled: number;
  violations: number;
  objective: number;
  status: string;
  ms: number;
  cpuMs: number;
  bound: number | null;
}

/** CPU time of this process (the engines run in this thread), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function run(size: InstanceSize, seed: number, engine: string, options: SolveOptions): Promise<Row> {
  const input = generateInstance(size, seed);
  const started = performance.now();
  const cpuStarted = cpuMs();
  const result: MatchingResult = await solveMatching(input, options);
  const ms = performance.now() - started;
  const cpu = cpuMs() - cpuStarted;
  return {
    size,
    seed,
    engine,
    items: input.items.length,
    pairs: result.stats.pairs,
    filled: result.assignments.length,
    violations: validateProposal(input, result.assignments).length + result.removed.length,
    objective: result.objective,
    status: result.status,
    ms,
    cpuMs: cpu,
    bound: result.bound,
  };
}

const pct = (v: number) => `${(v * 100).toFixed(2)} %`;

async function main() {
  console.log(`Matching benchmark: seeds ${SEEDS.join(', ')}, sizes ${SIZES.join(', ')}, node ${process.version}`);
  const load = () => loadavg()[0].toFixed(1);
  console.log(`load average at the start: ${load()}`);
  const warm = performance.now();
  await solveMatching(generateInstance('SMALL', 999), { engine: 'exact' });
  console.log(`warm-up (first HiGHS solve of this thread, SMALL): ${Math.round(performance.now() - warm)} ms\n`);

  const rows: Row[] = [];
  const verdicts: string[] = [];
  for (const size of SIZES) {
    for (const seed of SEEDS) {
      const fast = await run(size, seed, 'fast', { engine: 'fast', fastTimeLimitMs: FAST_MS[size] });
      const exact = await run(size, seed, 'exact', { engine: 'exact', timeLimitMs: EXACT_MS });
      let bound = exact.bound ?? exact.objective;
      let reference = '';
      rows.push(fast, exact);
      if (size === 'XL' && XL_REFERENCE_MS > 0 && exact.status !== 'optimal') {
        const long = await run(size, seed, `exact ${XL_REFERENCE_MS / 1000} s`, {
          engine: 'exact',
          timeLimitMs: XL_REFERENCE_MS,
        });
        rows.push(long);
        bound = Math.min(bound, long.bound ?? bound);
        reference = ' (bound of the longer run)';
      }
      for (const row of rows) if (row.size === size && row.seed === seed) row.bound = bound;
      const gap = (row: Row) => (bound - row.objective) / Math.abs(bound);
      if (size === 'LARGE') {
        const ok = (exact.status === 'optimal' || gap(exact) < 0.005) && exact.ms <= 10_000;
        verdicts.push(
          `${ok ? 'PASS' : 'MISS'} LARGE seed ${seed} exact: ${exact.status}, gap ${pct(gap(exact))}, ${Math.round(exact.ms)} ms (budget: optimal or < 0.5 %, 10 s)`,
        );
        const okFast = gap(fast) <= 0.03 && fast.ms < 1_000;
        verdicts.push(
          `${okFast ? 'PASS' : 'MISS'} LARGE seed ${seed} fast: gap ${pct(gap(fast))}, ${Math.round(fast.ms)} ms (budget: 3 %, 1 s)`,
        );
      }
      if (size === 'XL') {
        const okFast = gap(fast) <= 0.05 && fast.ms < 10_000;
        verdicts.push(
          `${okFast ? 'PASS' : 'MISS'} XL seed ${seed} fast: gap ${pct(gap(fast))}${reference}, ${Math.round(fast.ms)} ms (budget: 5 %, 10 s)`,
        );
        const okGoal = gap(fast) <= 0.02 && fast.ms < 2_000;
        verdicts.push(
          `${okGoal ? 'PASS' : 'MISS'} XL seed ${seed} fast: gap ${pct(gap(fast))}, ${Math.round(fast.ms)} ms, CPU ${Math.round(fast.cpuMs)} ms (goal: 2 %, 2 s)`,
        );
        const proven = exact.status === 'optimal' && exact.ms <= 10_000;
        verdicts.push(
          `${proven ? 'PASS' : 'MISS'} XL seed ${seed} exact: ${exact.status}, ${Math.round(exact.ms)} ms, CPU ${Math.round(exact.cpuMs)} ms (goal: proven optimal within 10 s)`,
        );
      }
    }
  }

  console.log(`load average at the end: ${load()}\n`);
  console.log(
    '| size | seed | engine | items | pairs | filled | violations | objective | gap to bound | status | ms | CPU ms |',
  );
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const r of rows) {
    const gap = r.bound === null ? '' : pct(Math.max(0, (r.bound - r.objective) / Math.abs(r.bound)));
    console.log(
      `| ${r.size} | ${r.seed} | ${r.engine} | ${r.items} | ${r.pairs} | ${r.filled} | ${r.violations} | ${r.objective.toFixed(0)} | ${gap} | ${r.status} | ${Math.round(r.ms)} | ${Math.round(r.cpuMs)} |`,
    );
  }
  console.log('');
  for (const v of verdicts) console.log(v);
  const broken = rows.filter((r) => r.violations > 0);
  if (broken.length > 0) {
    console.error(`\n${broken.length} proposal(s) broke hard rules`);
    process.exit(1);
  }
}

await main();
