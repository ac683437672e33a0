#!/usr/bin/env node
/**
 * Keeps the lists of docs/architecture.md true to the tree (`npm run docs:generate`). Each list lives between
 * `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` and is written from its source:
 *
 * - domains: the folders of apps/server/src/domains, each with the first line of its README.md;
 * - features: the folders of apps/web/src/features;
 * - packages: the folders of packages/, with their package.json's name and description;
 * - jobs: JOB_NAMES of packages/contracts/src/jobs.ts, each with its comment in JobPayloads;
 * - realtime: REALTIME_EVENTS of packages/contracts/src/realtime.ts, each with its comment in RealtimeEvents.
 *
 * `scripts/architecture-docs.test.ts` fails when the file holds anything else between the marks.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOC = 'docs/architecture.md';

const WIDTH = 120;

const read = (root, path) => readFileSync(join(root, path), 'utf8');
const folders = (root, path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** A bullet wrapped at the docs' line width, continued under its text. */
function bullet(text) {
  const lines = [];
  let line = '-';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > WIDTH && line.trim().length > 1) {
      lines.push(line);
      line = `  ${word}`;
    } else line += ` ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

/** Words after words, wrapped at the docs' line width. */
function paragraph(words) {
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The text of a JSDoc comment's body, on one line. */
const docText = (body) =>
  body
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');

/** The commented members of `export interface NAME { … }` (two-space indented keys), by key. */
function membersOf(source, name, file) {
  const start = source.indexOf(`export interface ${name} {`);
  if (start < 0) throw new Error(`${file}: no interface ${name}`);
  const end = source.indexOf('\n}', start);
  const body = source.slice(start, end);
  const docs = new Map();
  for (const m of body.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n {2}'?([A-Za-z][\w.]*)'?\??:/g)) {
    docs.set(m[2], docText(m[1]));
  }
  return docs;
}

/** The string items of `export const NAME = [ … ]`. */
function listOf(source, name, file) {
  const m = source.match(new RegExp(`export const ${name} = \\[([\\s\\S]*?)\\]`));
  if (!m) throw new Error(`${file}: no list ${name}`);
  return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
}

function documented(root, file, list, iface) {
  const source = read(root, file);
  const docs = membersOf(source, iface, file);
  return listOf(source, list, file).map((name) => {
    const doc = docs.get(name);
    if (!doc) throw new Error(`${file}: ${name} has no comment in ${iface}; say in one line what it is`);
    return bullet(`\`${name}\`: ${doc}`);
  });
}

/** Every generated block's text, by name, as the tree has it now. */
export function generatedBlocks(root = ROOT) {
  const domains = folders(root, 'apps/server/src/domains').map((d) => {
    const path = `apps/server/src/domains/${d}/README.md`;
    if (!existsSync(join(root, path))) throw new Error(`${path} is missing: say in one line what the domain does`);
    const first = read(root, path)
      .split('\n')
      .map((l) => l.replace(/^#+\s*/, '').trim())
      .find(Boolean);
    if (!first) throw new Error(`${path} is empty: say in one line what the domain does`);
    return bullet(`\`${d}\`: ${first}`);
  });
  const features = paragraph(
    folders(root, 'apps/web/src/features').map((f, i, all) => `\`${f}\`${i < all.length - 1 ? ',' : '.'}`),
  );
  const packages = folders(root, 'packages').map((p) => {
    const pkg = JSON.parse(read(root, `packages/${p}/package.json`));
    if (!pkg.description) throw new Error(`packages/${p}/package.json has no description`);
    return bullet(`\`packages/${p}\` (\`${pkg.name}\`): ${pkg.description}`);
  });
  return {
    domains: domains.join('\n'),
    features,
    packages: packages.join('\n'),
    jobs: documented(root, 'packages/contracts/src/jobs.ts', 'JOB_NAMES', 'JobPayloads').join('\n'),
    realtime: documented(root, 'packages/contracts/src/realtime.ts', 'REALTIME_EVENTS', 'RealtimeEvents').join('\n'),
  };
}

/** The document with each marked block replaced by its generated text; every block must be marked exactly once. */
export function render(doc, blocks) {
  let out = doc;
  for (const [name, text] of Object.entries(blocks)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const from = out.indexOf(open);
    const to = out.indexOf(close);
    if (from < 0 || to < from || out.indexOf(open, from + 1) >= 0) {
      throw new Error(`${DOC} needs exactly one ${open} … ${close}`);
    }
    out = `${out.slice(0, from + open.length)}\n${text}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = join(ROOT, DOC);
  const before = readFileSync(path, 'utf8');
  const after = render(before, generatedBlocks());
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? `${DOC} is up to date` : `${DOC} written`);
}
