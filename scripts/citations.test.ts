import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments are for a newcomer with this repository in hand: the rules they lean on are written in docs/product/,
 * so a comment points there, never to a document or tracker the repository does not hold (docs/product/README.md).
 */

const ROOT = join(import.meta.dirname, '..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'coverage']);

/** What a comment must not lean on: the outside specification, the shared folder, the issue tracker. */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'the specification', pattern: /(?<![.\w-])spec(?:s|'s)?\b(?!\.)/i },
  { what: 'a numbered document section', pattern: /\b00[01]\s*(?:§|section|s\.)|§\s*\d/i },
  { what: 'the shared folder', pattern: /\.\.\/shared|\/work\/shared|shared\/spec/i },
  { what: 'an issue number', pattern: /\bissues?\s*#?\d+|\bissue\s+#|(?:^|[\s(])#\d{1,4}\b/i },
];

/** A product document a comment names (`docs/product/` and a file name ending in .md). */
const PRODUCT_DOC = /docs\/product\/([\w.-]+\.md)/g;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

interface Comment {
  line: number;
  text: string;
}

/** Every comment of a file, found by the TypeScript parser, so strings and templates holding slashes are not comments. */
function commentsOf(fileName: string, text: string): Comment[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const { line } = source.getLineAndCharacterOfPosition(range.pos);
      comments.push({ line: line + 1, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // Tokens are not visited as nodes: their trivia (a comment before a `}` or `)`) is read from the children.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments.sort((a, b) => a.line - b.line);
}

const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
const allComments = files.map((file) => {
  const text = readFileSync(file, 'utf8');
  return { file: relative(ROOT, file), comments: commentsOf(file, text) };
});

describe('comments cite our own docs', () => {
  it('finds the source files and their comments', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(allComments.some(({ comments }) => comments.length > 0)).toBe(true);
  });

  it('cite no outside specification, shared folder or issue number', () => {
    const offending: string[] = [];
    for (const { file, comments } of allComments) {
      for (const comment of comments) {
        for (const [index, line] of comment.text.split('\n').entries()) {
          const hit = FORBIDDEN.find(({ pattern }) => pattern.test(line));
          if (hit) offending.push(`${file}:${comment.line + index} cites ${hit.what}: ${line.trim()}`);
        }
      }
    }
    expect(offending, 'point these comments to docs/product/<topic>.md instead').toEqual([]);
  });

  it('name only docs/product files that exist', () => {
    const missing: string[] = [];
    for (const { file, comments } of allComments) {
      for (const comment of comments) {
        for (const [, name] of comment.text.matchAll(PRODUCT_DOC)) {
          if (!existsSync(join(ROOT, 'docs/product', name!)))
            missing.push(`${file}:${comment.line} docs/product/${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('tells a citation from an ordinary comment', () => {
    const cites = (text: string) => FORBIDDEN.some(({ pattern }) => pattern.test(text));
    for (const text of [
      '// as spec 000 section 5 says',
      '/** The rule of 001 §8. */',
      '// see ../shared/spec',
      '// (issue 13)',
      '// Issue 20: the names rule',
      '// fixes #14',
      "// in the spec's order",
      '// Not in the spec: a demo lives 3 days',
    ]) {
      expect(cites(text), text).toBe(true);
    }
    for (const text of [
      '// e2e/tests/roster.spec.ts covers it',
      '// a specific rule (docs/product/roster.md)',
      '// colour #336699',
      '// the item&#39;s name',
      '// section 2 of docs/product/roster.md',
    ]) {
      expect(cites(text), text).toBe(false);
    }
  });

  it('reads comments, not strings', () => {
    const found = commentsOf(
      'x.tsx',
      [
        "const a = 'spec 000 // no'; // one",
        'const b = `/* no $' + '{a} */`; /* two */',
        'const c = <p>{/* three */}</p>;',
      ].join('\n'),
    );
    expect(found.map((c) => c.text)).toEqual(['// one', '/* two */', '/* three */']);
  });
});
