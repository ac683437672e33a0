// `npm start` runs compiled JavaScript. This builds the web app and the server first when there is no build yet or a
// source is newer than the last build (after a pull or an edit), so `npm ci && npm start` works on a fresh clone.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'apps/server/dist/.built');
const inputs = [
  'package-lock.json',
  'apps/server/src',
  'apps/server/tsup.config.ts',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/domain/src',
  'packages/scheduling/src',
];

/** The newest modification time under a file or folder (test files do not count). */
function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((p) => newest(path.join(root, p))));
const built =
  builtAt > changedAt &&
  fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
  fs.existsSync(path.join(root, 'apps/server/dist/main.mjs'));
if (built) {
  console.log('build is up to date');
} else {
  console.log('building the web app and the server…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, new Date().toISOString());
}
