import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import i18n, { completeCatalog, switchLanguage } from '../i18n';
import { schemaErrors } from './schemaErrors';

/** The catalog's words for a key (and the key is there: a missing one would come back as itself). */
function words(key: string, options?: Record<string, unknown>) {
  expect(i18n.exists(key), key).toBe(true);
  return i18n.t(key, options);
}

beforeAll(async () => {
  await switchLanguage('en');
  await completeCatalog();
});

describe('schemaErrors', () => {
  it('answers nothing for a valid value', () => {
    expect(schemaErrors(z.object({ name: z.string().min(1) }), { name: 'Ada' })).toEqual({});
  });

  it('words each kind of zod issue from the catalogs', () => {
    const schema = z.object({
      required: z.string().min(1),
      short: z.string().min(3),
      long: z.string().max(2),
      some: z.array(z.string()).min(1),
      low: z.number().min(5),
      high: z.number().max(5),
      email: z.email(),
      uuid: z.uuid(),
      count: z.number(),
      missing: z.string(),
      choice: z.enum(['a', 'b']),
    });
    const value = {
      required: '',
      short: 'ab',
      long: 'abc',
      some: [],
      low: 1,
      high: 9,
      email: 'nope',
      uuid: 'nope',
      count: 'x',
      choice: 'c',
    };
    expect(schemaErrors(schema, value)).toEqual({
      required: words('validation.required'),
      short: words('validation.tooShort'),
      long: words('validation.tooLong'),
      some: words('ui.validation.chooseOne'),
      low: words('ui.validation.min', { min: 5 }),
      high: words('ui.validation.max', { max: 5 }),
      email: words('validation.email'),
      uuid: words('validation.invalid'),
      count: words('ui.validation.number'),
      missing: words('validation.required'),
      choice: words('validation.invalid'),
    });
    // The bound is in the words.
    expect(schemaErrors(schema, value).low).toContain('5');
  });

  it('translates a contract message that is a catalog key, and words the issue by its kind otherwise', () => {
    const schema = z.object({
      end: z.string().refine((v) => v !== 'x', 'sickness.endBeforeStart'),
      other: z.string().min(1, 'not a key of the catalog'),
    });
    expect(schemaErrors(schema, { end: 'x', other: '' })).toEqual({
      end: words('sickness.endBeforeStart'),
      other: words('validation.required'),
    });
  });

  it('puts issues on dotted paths and keeps the first issue per field', () => {
    const schema = z.object({
      person: z.object({ email: z.string().min(1).email() }),
      days: z.array(z.number().max(24)),
    });
    expect(schemaErrors(schema, { person: { email: '' }, days: [1, 30] })).toEqual({
      'person.email': words('validation.required'),
      'days.1': words('ui.validation.max', { max: 24 }),
    });
  });

  it("moves an issue of the request's field onto the form's field", () => {
    const schema = z.object({
      minutes: z
        .number()
        .int()
        .refine((v) => v !== 0, 'vacation.errors.minutesZero'),
    });
    expect(schemaErrors(schema, { minutes: 0 }, { minutes: 'hours' })).toEqual({
      hours: words('vacation.errors.minutesZero'),
    });
  });
});
