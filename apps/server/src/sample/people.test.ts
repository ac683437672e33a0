import { describe, expect, it } from 'vitest';
import { BISTRO_PEOPLE, demoEmails, STORE_PEOPLE } from './people';

describe('demo addresses', () => {
  const emails = [...new Set([...BISTRO_PEOPLE, ...STORE_PEOPLE].map((p) => p.email))];

  it('are unique per demo and never an address of the sample', () => {
    const a = emails.map(demoEmails('1a2b3c4d5e'));
    const b = emails.map(demoEmails('ffeeddccbb'));
    expect(new Set([...a, ...b, ...emails]).size).toBe(emails.length * 3);
    expect(a.every((e) => /^1a2b3c4d5e\.[^@]+@demo\.invalid$/.test(e))).toBe(true);
  });

  it('sort as the sample’s do, so the sample’s steps hand out the same work in the same order', () => {
    const byCode = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    const sorted = [...emails].sort(byCode);
    expect(sorted.map(demoEmails('0f0f0f0f0f'))).toEqual(emails.map(demoEmails('0f0f0f0f0f')).sort(byCode));
  });
});
