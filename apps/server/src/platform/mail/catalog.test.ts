import { LOCALES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { MAIL_CATALOGS, renderMail } from './catalog';

describe('mail catalogs', () => {
  it('hold every template in every language, none empty', () => {
    const keys = Object.keys(MAIL_CATALOGS.en).sort();
    for (const locale of LOCALES) {
      const catalog = MAIL_CATALOGS[locale] as unknown as Record<string, unknown>;
      expect(Object.keys(catalog).sort()).toEqual(keys);
      for (const key of keys) {
        const entry = catalog[key];
        if (typeof entry === 'string') expect(entry.trim()).not.toBe('');
        else {
          const t = entry as { subject: string; body: string };
          expect(t.subject.trim()).not.toBe('');
          expect(t.body).toContain('{link}');
        }
      }
    }
  });
  it('write a mail in the recipient’s language with its placeholders filled', () => {
    const mail = renderMail('de', 'invitation', {
      name: 'Anna',
      inviter: 'Olivia',
      account: 'Bistro',
      link: 'http://x/y',
    });
    expect(mail.subject).toBe('Einladung zu Bistro');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('http://x/y');
    expect(mail.text).not.toMatch(/\{\w+\}/);
  });
});
