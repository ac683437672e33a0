import fs from 'node:fs';
import path from 'node:path';
import { REALTIME_EVENTS } from '@app/contracts';
import { describe, expect, it } from 'vitest';

/**
 * Realtime events are typed by `RealtimeEvents` of `@app/contracts` on both sides; types alone do not catch an event
 * the server sends that no page listens to (the planner's availability view once stayed stale that way), nor a
 * listener waiting for an event nobody sends. This reads both trees and compares the names.
 */
const root = path.resolve(__dirname, '../../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function namesIn(dir: string, pattern: RegExp): Set<string> {
  const found = new Set<string>();
  for (const file of sources(path.join(root, dir))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) found.add(match[1]);
  }
  return found;
}

// `emit(room, 'Name'` over line breaks, `.emit('Name'` on a socket or room, and `event: 'Name'` in a command's events.
const sent = namesIn(
  'apps/server/src',
  /(?:emit\(\s*(?:[^,()]|\([^()]*\))+,\s*|\.emit\(\s*|event:\s*)'([A-Z][A-Za-z]+)'/g,
);
// `onRealtime('Name'`, the shell's own `s.on('Name'`, and names in a list typed `RealtimeEvent[]` that a hook listens to.
const heard = new Set([
  ...namesIn('apps/web/src', /(?:onRealtime\(\s*|\bs\.on\(\s*)'([A-Z][A-Za-z]+)'/g),
  ...[...namesIn('apps/web/src', /RealtimeEvent\[\]\s*=\s*\[([^\]]*)\]/g)].flatMap((list) =>
    [...list.matchAll(/'([A-Z][A-Za-z]+)'/g)].map((m) => m[1]),
  ),
]);

describe('realtime events', () => {
  it('every event the server sends is one of the contract and some page listens to it', () => {
    const known = new Set<string>(REALTIME_EVENTS);
    const unknown = [...sent].filter((name) => !known.has(name));
    expect(unknown, 'sent but not in RealtimeEvents').toEqual([]);
    const unheard = [...sent].filter((name) => !heard.has(name));
    expect(unheard, 'sent but nobody listens').toEqual([]);
  });

  it('every event a page listens to is sent by the server', () => {
    const unsent = [...heard].filter((name) => !sent.has(name));
    expect(unsent, 'listened to but never sent').toEqual([]);
  });

  it('every event of the contract is sent', () => {
    const missing = REALTIME_EVENTS.filter((name) => !sent.has(name));
    expect(missing).toEqual([]);
  });
});
