import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import i18n, { completeCatalog, switchLanguage } from '../i18n';
import { schemaFormParts } from './useSchemaForm';

// The web's tests run without a DOM: the hook's parts are tested here, the hook itself by the flows in e2e/.

beforeAll(async () => {
  await switchLanguage('en');
  await completeCatalog();
});

const Correction = z.object({ date: z.iso.date(), minutes: z.number().int().min(1), reason: z.string().trim().min(1) });
interface Values {
  date: string;
  hours: number | string;
  reason: string;
}
const parts = schemaFormParts<Values, z.infer<typeof Correction>>({
  schema: Correction,
  toBody: (v) => ({ date: v.date, minutes: Math.round(Number(v.hours) * 60), reason: v.reason }),
  rename: { minutes: 'hours' },
});

describe('useSchemaForm', () => {
  it("validates the body the values become, with issues on the form's fields", () => {
    expect(parts.validate({ date: '2026-03-02', hours: 1.5, reason: 'x' })).toEqual({});
    expect(parts.validate({ date: '', hours: 0, reason: ' ' })).toEqual({
      date: i18n.t('validation.invalid'),
      hours: i18n.t('ui.validation.min', { min: 1 }),
      reason: i18n.t('validation.required'),
    });
  });

  it('sends the body as the contract parses it', () => {
    expect(parts.body({ date: '2026-03-02', hours: '2', reason: '  late shift ' })).toEqual({
      date: '2026-03-02',
      minutes: 120,
      reason: 'late shift',
    });
    expect(() => parts.body({ date: 'x', hours: 1, reason: 'r' })).toThrow();
  });

  it("puts the server's field errors on the form's fields through the same renames", () => {
    const set: [string, string][] = [];
    const target = parts.renamed({ setFieldError: (path, error) => set.push([path, error]) });
    target.setFieldError('minutes', 'too many');
    target.setFieldError('reason', 'required');
    expect(set).toEqual([
      ['hours', 'too many'],
      ['reason', 'required'],
    ]);
  });

  it('validates the values themselves when there is no toBody', () => {
    const plain = schemaFormParts<{ name: string }, { name: string }>({
      schema: z.object({ name: z.string().min(1) }),
    });
    expect(plain.validate({ name: '' })).toEqual({ name: i18n.t('validation.required') });
    expect(plain.body({ name: 'Ada' })).toEqual({ name: 'Ada' });
  });
});
