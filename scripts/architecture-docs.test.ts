import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC, generatedBlocks, ROOT, render } from './architecture-docs.mjs';

describe('docs/architecture.md', () => {
  it('holds the lists the tree has (domains, features, packages, jobs, realtime events)', () => {
    const doc = readFileSync(join(ROOT, DOC), 'utf8');
    const fresh = render(doc, generatedBlocks());
    expect(doc === fresh, `${DOC} has drifted from the tree: run \`npm run docs:generate\` and commit the result`).toBe(
      true,
    );
  });

  it('replaces only what lies between the marks', () => {
    const doc = 'a\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nb\n';
    expect(render(doc, { x: 'new' })).toBe('a\n<!-- generated:x -->\nnew\n<!-- /generated:x -->\nb\n');
    expect(() => render('no marks', { x: 'new' })).toThrow(/exactly one/);
  });
});
