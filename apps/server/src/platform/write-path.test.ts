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
    return entry.name.endsWith('.ts') && !/\.test\.ts$|testkit|test-helpers/.test(entry.name) ? [full] : [];
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

const PATTERNS: { what: string; pattern: RegExp; allowed?: Record<string, string> }[] = [
  { what: 'a transaction opened by hand', pattern: /\.transaction\s*\(/g },
  { what: 'a write on the pooled handle', pattern: /ctx\.db\s*\.\s*(?:insert|update|delete)\s*\(/g },
  {
    what: "a write on the owner's handle (spans accounts, outside any command)",
    pattern: /ctx\.owner\s*\.\s*(?:insert|update|delete)\s*\(/g,
    allowed: {
      'domains/notifications/service.ts': 'a push subscription the push service called gone, after the commit',
      'platform/test-controls.ts': 'the browser flows make an operator by hand (never registered in production)',
    },
  },
  { what: 'a realtime event sent directly', pattern: /ctx\.realtime\.emit\s*\(/g },
];

/**
 * Helpers that write through a handle they are given take the command's transaction (`Tx`): handed the pooled
 * handle, their write would run outside any command. Listed: the writers that are no command's by nature.
 */
const POOLED_WRITERS: Record<string, string> = {
  'domains/app/state.ts recordVersion': 'records the running version at start, before any request',
  'domains/api/delivery.ts claimDue': 'the webhook worker claims due deliveries across accounts in one statement',
  'domains/reports/service.ts runExport': 'the export job writes its progress as it goes, for the page to show it',
  'platform/session.ts resolveSession': 'reading a session notes when it was last seen (and drops an expired one)',
  'platform/session.ts deleteSessions': 'sign-out and revocation, also of sessions that expired while idle',
  'platform/api-tokens.ts resolveToken': 'reading a token notes when it was last used',
  'platform/activity.ts pruneActivity': 'the clean-up job',
  'platform/idempotency.ts pruneIdempotencyKeys': 'the clean-up job',
  'platform/mail/outbox.ts claimDue': 'the mail worker claims, renews and settles its rows (SKIP LOCKED leases)',
  'platform/mail/outbox.ts renewLease': 'the mail worker',
  'platform/mail/outbox.ts settle': 'the mail worker',
  'platform/mail/outbox.ts requeue': 'an owner resends an undelivered mail: one row back into the queue',
  'domains/weather/service.ts forecastOf':
    "a roster load keeps the day's forecast it fetched: a shared cache, not the account's data",
  'platform/push.ts loadKeys': 'the push keys, made once at first start',
  'platform/secret.ts serverSecret': 'the server secret, made once at first start',
};

/** Functions with a parameter typed as the pooled handle (`Db` or `DbOrTx`) that write through it. */
function pooledWriters(name: string, text: string): string[] {
  const found: string[] = [];
  const signature = /(?:function\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?)\s*(?:<[^>]*>)?\(([^)]*)\)/g;
  for (const m of text.matchAll(signature)) {
    const fn = m[1] ?? m[2];
    for (const p of m[3].matchAll(/(\w+)\??:\s*(?:Db|DbOrTx)\s*(?=[,)=]|$)/g)) {
      // The body: from the first brace that ends its line after the signature, to its matching brace.
      const open = text.indexOf('{\n', (m.index ?? 0) + m[0].length);
      if (open < 0) continue;
      let depth = 0;
      let end = open;
      for (; end < text.length; end++) {
        if (text[end] === '{') depth++;
        else if (text[end] === '}' && --depth === 0) break;
      }
      const body = text.slice(open, end);
      if (new RegExp(`\\b${p[1]}\\s*\\.\\s*(?:insert|update|delete)\\s*\\(`).test(body)) found.push(`${name} ${fn}`);
    }
  }
  return found;
}

describe('the write path', () => {
  it('helpers that write through a handle they are given take the transaction', () => {
    const found = sources(src).flatMap((file) => {
      const name = path.relative(src, file).split(path.sep).join('/');
      return pooledWriters(name, fs.readFileSync(file, 'utf8')).filter((writer) => !(writer in POOLED_WRITERS));
    });
    expect(found).toEqual([]);
  });

  it('the pooled writers listed still exist', () => {
    const all = new Set(
      sources(src).flatMap((file) =>
        pooledWriters(path.relative(src, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')),
      ),
    );
    expect(Object.keys(POOLED_WRITERS).filter((writer) => !all.has(writer))).toEqual([]);
  });

  it('the writer check finds a write through a pooled handle', () => {
    const text =
      'export async function save(db: DbOrTx, id: string): Promise<{ id: string }> {\n  await db\n    .update(t);\n}\n';
    expect(pooledWriters('x.ts', text)).toEqual(['x.ts save']);
    expect(pooledWriters('x.ts', text.replace('DbOrTx', 'Tx'))).toEqual([]);
  });

  it('every write runs through runCommand', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const name = path.relative(src, file).split(path.sep).join('/');
      if (name in ALLOWED) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const { what, pattern, allowed = {} } of PATTERNS) {
        if (name in allowed) continue;
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
    expect(caught('await ctx.owner.delete(pushSubscriptions)')).toBe(true);
    expect(caught('await command.tx.update(users)')).toBe(false);
    expect(caught("command.emit('account.1', 'Reinit', {})")).toBe(false);
  });
});
