import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every write goes through the command helper (docs/architecture.md, "Commands"): one transaction, notifications and
 * mails written in it, realtime events sent after the commit. This reads the server's source and fails on the ways
 * around it: a transaction opened by hand, a write on the context's pooled handle (its own transaction, outside any
 * command) and a realtime event sent directly. The few places allowed to do so are listed with the reason.
 */
const src = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.includes('testkit')
      ? [full]
      : [];
  });
}

/** Where each way around the command helper is allowed, and why. */
const ALLOWED: Record<string, string> = {
  'platform/command.ts': 'the command helper itself opens the transaction and sends the events after the commit',
  'db/client.ts': 'the database handle: transactions with retries on serialization failures',
  'sample/seed.ts': 'the sample data, written once at first start before the server takes requests',
  'platform/idempotency.ts': 'corrects the record of a create whose route answered other than its command',
  'app.ts': 'tells open apps a new version is deployed (no write)',
  'domains/subscription/account-data.ts': 'the account export reads every table in one snapshot (no write)',
};

const PATTERNS: { what: string; pattern: RegExp }[] = [
  { what: 'a transaction opened by hand', pattern: /\.transaction\s*\(/g },
  { what: 'a write on the pooled handle', pattern: /ctx\.db\s*\.\s*(?:insert|update|delete)\s*\(/g },
  { what: 'a realtime event sent directly', pattern: /ctx\.realtime\.emit\s*\(/g },
];

describe('the write path', () => {
  it('every write runs through runCommand', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const name = path.relative(src, file).split(path.sep).join('/');
      if (name in ALLOWED) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const { what, pattern } of PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          found.push(`${name}:${text.slice(0, match.index).split('\n').length}: ${what}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the patterns catch what they are for', () => {
    const caught = (line: string) => PATTERNS.some(({ pattern }) => new RegExp(pattern.source).test(line));
    expect(caught('await ctx.db.transaction(async (tx) => {')).toBe(true);
    expect(caught('await ctx.db\n    .update(users)')).toBe(true);
    expect(caught("ctx.realtime.emit('account.1', 'Reinit', {})")).toBe(true);
    expect(caught('await command.tx.update(users)')).toBe(false);
    expect(caught("command.emit('account.1', 'Reinit', {})")).toBe(false);
  });
});
