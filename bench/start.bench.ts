/**
 * Start time and memory of the server: the compiled build (`node apps/server/dist/main.mjs`, what `npm start` runs)
 * beside the TypeScript sources under tsx (how it ran before). Each is started RUNS times on an existing empty
 * PGlite database; the bench prints the time until /api/health answers and the resident memory of the process tree
 * two seconds later. Needs `npm run build` first. Prints figures, never fails on them.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const port = 3560;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));

async function once(command: string[]): Promise<{ ms: number; rssMiB: number }> {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SAMPLE_DATA: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (let tries = 0; ; tries++) {
      if (tries > 1200) throw new Error(`${command.join(' ')} did not start`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 2000));
    const pids = execSync(`pgrep -g ${child.pid} || true`).toString().trim().split('\n').filter(Boolean);
    const kib = pids.reduce((sum, pid) => {
      try {
        return sum + Number(execSync(`ps -o rss= -p ${pid}`).toString().trim() || 0);
      } catch {
        return sum;
      }
    }, 0);
    return { ms, rssMiB: kib / 1024 };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}

const variants: [string, string[]][] = [
  ['compiled (node dist/main.mjs)', ['node', 'apps/server/dist/main.mjs']],
  ['sources (tsx src/main.ts)', ['node', 'node_modules/tsx/dist/cli.mjs', 'apps/server/src/main.ts']],
];
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.mjs'))) {
  console.log('apps/server/dist/main.mjs is missing: run `npm run build` first');
  process.exit(0);
}
// The first start migrates the empty database; the measured ones open it as a restart would.
await once(variants[0][1]);
for (const [name, command] of variants) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(command));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `${name.padEnd(32)} start ${Math.round(median(runs.map((r) => r.ms)))} ms, ` +
      `memory ${Math.round(median(runs.map((r) => r.rssMiB)))} MiB (median of ${RUNS})`,
  );
}
fs.rmSync(dataDir, { recursive: true, force: true });
