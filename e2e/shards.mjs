// Runs the browser flows as two Playwright processes side by side, each on its own servers (E2E_PORT, E2E_SMTP_PORT,
// its own PGlite data and Redis database), half of the flow files each: a flow spends much of its time waiting on
// the server or the browser, so two at once use the machine's two cores (174 flows: 23-25 min, one process took 45-58).
// E2E_SHARDS=1 runs them in one process; arguments (a flow file, --grep …) go to one process as they are.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Number(process.env.E2E_SHARDS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseSmtp = Number(process.env.E2E_SMTP_PORT ?? 2525);

function run(index) {
  const env = { ...process.env };
  const playwright = ['playwright', 'test', ...args];
  if (shards > 1) {
    // Ten ports apart: a run uses E2E_PORT to E2E_PORT + 2 and its big-roster server E2E_PORT + 57.
    env.E2E_PORT = String(basePort + index * 10);
    env.E2E_SMTP_PORT = String(baseSmtp + index);
    playwright.push(`--shard=${index + 1}/${shards}`, `--output=test-results/shard-${index + 1}`);
  }
  const child = spawn('npx', playwright, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = shards > 1 ? `[${index + 1}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i)));
process.exit(codes.find((code) => code !== 0) ?? 0);
