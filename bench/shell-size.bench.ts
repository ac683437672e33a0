/**
 * The web app's shell: what every page loads before it shows anything (the entry script, the chunks it preloads and
 * its styles, as the built index.html names them), each gzipped as the server would send it. Run after
 * `npm run build`: `npm run bench:shell --workspace @app/bench`. Prints figures and exits 0 (README.md, "Shell size").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
if (!existsSync(join(dist, 'index.html'))) {
  console.log('apps/web/dist is not built: run `npm run build` first.');
  process.exit(0);
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
let raw = 0;
let gzip = 0;
let brotli = 0;
const rows = files.map((file) => {
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  // What the server sends a browser that takes brotli: the build's copy at quality 11 (apps/web/build/precompress.ts).
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  raw += bytes.length;
  gzip += zipped;
  brotli += br;
  return { file, raw: kib(bytes.length), gzip: kib(zipped), brotli: kib(br) };
});
console.table(rows);
const BUDGET_KIB = 250;
console.log(
  `shell: ${files.length} files, ${kib(raw)} KiB, ${kib(gzip)} KiB gzipped ` +
    `(budget ${BUDGET_KIB} KiB gzipped: ${gzip / 1024 <= BUDGET_KIB ? 'within' : 'OVER'}), ` +
    `${kib(brotli)} KiB as sent with brotli`,
);

// Signed-in pages also run the early reads (apps/web/src/boot.ts), named by the server from preload.json: their
// files beyond the shell's, apart from the shell's budget (on the roster they are files its page loads anyway).
const preload = JSON.parse(readFileSync(join(dist, 'preload.json'), 'utf8')) as { boot?: string[] };
const early = (preload.boot ?? []).filter((file) => !files.includes(file));
const earlyGzip = early.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
console.log(
  `early reads of signed-in pages: ${early.length} more files, ${kib(earlyGzip)} KiB gzipped (${early.join(', ')})`,
);
