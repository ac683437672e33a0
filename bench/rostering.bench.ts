/**
 * Benchmark of the auto-roster solver (packages/scheduling, README "Auto-roster") on the employee shift
 * scheduling benchmark (instances in its text format).
 *
 *   npm run bench:rostering                                  # every Instance*.txt of the benchmark folder
 *   npm run bench:rostering -- path/Instance3.txt --limit 30 # given files or folders
 *   options: --limit S (seconds per instance, default 60), --best N (the published best, for one instance given),
 *            --seed N, --json (one JSON line per instance), --out DIR (writes each roster as a table)
 *
 * Per instance it prints the penalty, the published best penalties after 10 and 60 minutes (a table below, by
 * instance name), the gap to the 60-minute best in percent, the seconds to the best roster found, whether the
 * roster keeps every hard rule (checked by the evaluator, not the solver) and whether the solver proved it optimal.
 * It exits 1 when a roster breaks a hard rule; the gap is reported, never enforced.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { evaluate, readInstance, solveRoster, writeRoster } from '@app/scheduling';

const DEFAULT_FOLDER = resolve(import.meta.dirname, '../../shared/benchmarks/nurse-rostering');

/** Published best penalties within 10 and 60 minutes (the benchmark's README, from the literature). */
const PUBLISHED: Record<string, [number, number]> = {
  Instance1: [607, 607],
  Instance2: [828, 828],
  Instance3: [1001, 1001],
  Instance4: [1716, 1716],
  Instance5: [1143, 1143],
  Instance6: [1950, 1950],
  Instance7: [1056, 1056],
  Instance8: [1341, 1308],
  Instance9: [439, 439],
  Instance10: [4631, 4631],
  Instance11: [3443, 3443],
  Instance12: [4042, 4040],
};

/** A small instance solved once before timing: HiGHS's WebAssembly gets fast after its first use. */
const WARM_UP = `SECTION_HORIZON
7
SECTION_SHIFTS
D,480,
SECTION_STAFF
A,D=7,2400,960,3,1,1,1
B,D=7,2400,960,3,1,1,1
SECTION_COVER
0,D,1,100,1
1,D,1,100,1
2,D,2,100,1
3,D,1,100,1
4,D,1,100,1
5,D,1,100,1
6,D,1,100,1
`;

function parseArgs(argv: string[]) {
  const paths: string[] = [];
  let limit = 60;
  let best: number | null = null;
  let seed = 1;
  let json = false;
  let out: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--limit') limit = Number(argv[++i]);
    else if (a === '--best') best = Number(argv[++i]);
    else if (a === '--seed') seed = Number(argv[++i]);
    else if (a === '--json') json = true;
    else if (a === '--out') out = argv[++i];
    else paths.push(a);
  }
  if (!(limit > 0)) throw new Error('--limit takes a positive number of seconds');
  return { paths: paths.length > 0 ? paths : [DEFAULT_FOLDER], limit, best, seed, json, out };
}

/** Instance files of the arguments: files as given, folders by their Instance*.txt in numeric order. */
function instanceFiles(paths: string[]): string[] {
  const files: string[] = [];
  // npm runs the bench in bench/; paths given on its command line are meant from where npm was started.
  const from = process.env.INIT_CWD ?? process.cwd();
  for (const given of paths) {
    const p = resolve(from, given);
    if (!existsSync(p)) throw new Error(`not found: ${given}`);
    if (!statSync(p).isDirectory()) {
      files.push(p);
      continue;
    }
    const inside = readdirSync(p).filter((f) => /^Instance\d+\.txt$/.test(f));
    inside.sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
    files.push(...inside.map((f) => join(p, f)));
  }
  return files;
}

const fmt = (n: number | null, digits = 0) => (n === null ? '-' : n.toFixed(digits));

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const files = instanceFiles(args.paths);
  await solveRoster(readInstance(WARM_UP, 'warm-up'), { timeLimitMs: 1000 });
  if (!args.json) {
    console.log(`auto-roster benchmark: ${files.length} instance(s), ${args.limit} s each, seed ${args.seed}`);
    console.log(
      [
        'instance'.padEnd(12),
        'days',
        'staff',
        'shifts',
        'penalty'.padStart(8),
        'best10'.padStart(7),
        'best60'.padStart(7),
        'gap%'.padStart(6),
        'to best s'.padStart(9),
        'bound'.padStart(6),
        'feasible',
        'optimal',
      ].join('  '),
    );
  }
  let broken = 0;
  for (const file of files) {
    const name = basename(file).replace(/\.txt$/, '');
    const instance = readInstance(readFileSync(file, 'utf8'), name);
    const result = await solveRoster(instance, { timeLimitMs: args.limit * 1000, seed: args.seed });
    const { penalty, breaches } = evaluate(instance, result.roster);
    const feasible = breaches.length === 0;
    if (!feasible) broken++;
    const [best10, best60] = PUBLISHED[name] ?? [null, null];
    const best = args.best ?? best60;
    const gap =
      best === null ? null : best === 0 ? (penalty.total === 0 ? 0 : null) : (100 * (penalty.total - best)) / best;
    if (args.out) {
      mkdirSync(args.out, { recursive: true });
      writeFileSync(join(args.out, `${name}.roster.txt`), writeRoster(instance, result.roster));
    }
    if (args.json) {
      console.log(
        JSON.stringify({
          instance: name,
          penalty: penalty.total,
          best,
          best10,
          best60,
          gap: gap === null ? null : Number(gap.toFixed(2)),
          seconds: Number(result.secondsToBest.toFixed(1)),
          totalSeconds: Number(result.seconds.toFixed(1)),
          feasible,
          optimal: result.optimal,
          bound: result.bound,
          breaches: breaches.length,
        }),
      );
    } else {
      console.log(
        [
          name.padEnd(12),
          String(instance.days).padStart(4),
          String(instance.people.length).padStart(5),
          String(instance.shifts.length).padStart(6),
          String(penalty.total).padStart(8),
          fmt(best10).padStart(7),
          fmt(best).padStart(7),
          fmt(gap, 1).padStart(6),
          result.secondsToBest.toFixed(1).padStart(9),
          String(result.bound).padStart(6),
          (feasible ? 'yes' : `NO (${breaches.length})`).padEnd(8),
          result.optimal ? 'yes' : 'no',
        ].join('  '),
      );
      if (!feasible) for (const b of breaches.slice(0, 10)) console.log('   breach', JSON.stringify(b));
    }
  }
  if (broken > 0) {
    console.error(`${broken} roster(s) break a hard rule`);
    process.exit(1);
  }
}

await main();
