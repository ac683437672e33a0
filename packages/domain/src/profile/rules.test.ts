import type { ProfileCondition, ProfileField, ProfileTemplate, ProfileValue } from '@app/contracts';
import { PROFILE_CONDITION_OPS, PROFILE_FIELD_TYPES } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  type ProfileSituation,
  profileFieldStates,
  profileMissing,
  profileValueProblem,
  uploadFieldOpen,
} from './rules';

function field(over: Partial<ProfileField> & { id: string }): ProfileField {
  return {
    type: 'text',
    key: null,
    label: { en: over.id },
    description: {},
    options: [],
    default: null,
    step: null,
    width: 'full',
    if: null,
    required: { employer: false, employee: false },
    requiredIf: null,
    rights: { read: true, create: true, update: true },
    personal: false,
    ...over,
  };
}

const template = (...fields: ProfileField[]): ProfileTemplate => ({
  sections: [{ id: 's', name: { en: 'S' }, note: {}, hidden: false, fields }],
});

function situation(over: Partial<ProfileSituation> = {}): ProfileSituation {
  return { viewer: 'employee', values: {}, uploads: {}, locked: false, mayEdit: true, ...over };
}

const stateOf = (t: ProfileTemplate, s: ProfileSituation, id: string) =>
  profileFieldStates(t, s).find((x) => x.id === id);

describe('profile rules', () => {
  it('asks each side only for what it must fill', () => {
    const t = template(
      field({ id: 'iban', key: 'iban', required: { employer: true, employee: false } }),
      field({ id: 'hobby', required: { employer: false, employee: true } }),
    );
    expect(profileMissing(t, situation({ viewer: 'employer' }))).toEqual(['iban']);
    expect(profileMissing(t, situation({ viewer: 'employee' }))).toEqual(['hobby']);
  });

  it('requires a field while its condition holds, for the sides it names', () => {
    const t = template(
      field({ id: 'children', type: 'yesno' }),
      field({
        id: 'amount',
        type: 'number',
        requiredIf: { field: 'children', op: 'equal', value: true, employer: true, employee: true },
      }),
    );
    expect(profileMissing(t, situation({ values: { children: false } }))).toEqual([]);
    expect(profileMissing(t, situation({ values: { children: true } }))).toEqual(['amount']);
    expect(profileMissing(t, situation({ values: { children: true, amount: 2 } }))).toEqual([]);
  });

  it('counts a required upload only when a file is there', () => {
    const t = template(field({ id: 'proof', type: 'upload', required: { employer: true, employee: true } }));
    expect(profileMissing(t, situation({ values: { proof: 'certificate.pdf' } }))).toEqual(['proof']);
    expect(profileMissing(t, situation({ uploads: { proof: 1 } }))).toEqual([]);
  });

  it('takes a file for an upload whose display condition holds only in the typed, unsaved answer', () => {
    const t = template(
      field({ id: 'food', type: 'yesno' }),
      field({
        id: 'certificate',
        type: 'upload',
        if: { field: 'food', op: 'equal', value: true },
        requiredIf: { field: 'food', op: 'equal', value: true, employer: false, employee: true },
      }),
      field({ id: 'secret', type: 'upload', rights: { read: false, create: true, update: true } }),
      field({ id: 'closed', type: 'upload', rights: { read: true, create: false, update: false } }),
      field({ id: 'name', type: 'text' }),
    );
    // Stored: no answer yet, so the certificate is neither shown nor asked for, and yet a file may go to it …
    expect(stateOf(t, situation(), 'certificate')?.visible).toBe(false);
    expect(uploadFieldOpen(t, situation(), 'certificate')).toBe(true);
    // … so that "yes" can then be saved with the certificate the condition makes required.
    expect(profileMissing(t, situation({ values: { food: true } }))).toEqual(['certificate']);
    expect(profileMissing(t, situation({ values: { food: true }, uploads: { certificate: 1 } }))).toEqual([]);
    // Rights, the lock and the kind still hold.
    expect(uploadFieldOpen(t, situation(), 'secret')).toBe(false);
    expect(uploadFieldOpen(t, situation({ viewer: 'employer' }), 'secret')).toBe(true);
    expect(uploadFieldOpen(t, situation(), 'closed')).toBe(false);
    expect(uploadFieldOpen(t, situation({ viewer: 'employer', mayEdit: false }), 'certificate')).toBe(false);
    expect(uploadFieldOpen(t, situation(), 'name')).toBe(false);
    expect(uploadFieldOpen(t, situation(), 'nothing')).toBe(false);
  });

  it('hides a field without the read right, behind a failed condition or in a hidden section', () => {
    const t: ProfileTemplate = {
      sections: [
        {
          id: 'a',
          name: {},
          note: {},
          hidden: false,
          fields: [
            field({
              id: 'secret',
              rights: { read: false, create: false, update: false },
              required: { employer: true, employee: true },
            }),
            field({ id: 'permit', if: { field: 'nationality', op: 'not_in', value: ['de', 'nl'] } }),
            field({ id: 'nationality', key: 'nationality' }),
          ],
        },
        {
          id: 'b',
          name: {},
          note: {},
          hidden: true,
          fields: [field({ id: 'old', required: { employer: true, employee: true } })],
        },
      ],
    };
    const employee = situation({ values: { nationality: 'de' } });
    expect(stateOf(t, employee, 'secret')).toMatchObject({ visible: false, missing: false });
    expect(stateOf(t, employee, 'permit')?.visible).toBe(false);
    expect(stateOf(t, situation({ values: { nationality: 'pl' } }), 'permit')?.visible).toBe(true);
    expect(stateOf(t, employee, 'old')?.visible).toBe(false);
    // The read right is the member's; a manager sees the field and must fill it.
    expect(stateOf(t, situation({ viewer: 'employer' }), 'secret')).toMatchObject({ visible: true, missing: true });
  });

  it('disables by the create and update rights, the lock, and the member data fixed once set', () => {
    const t = template(
      field({ id: 'a', rights: { read: true, create: true, update: false } }),
      field({ id: 'b', rights: { read: true, create: false, update: true } }),
      field({ id: 'street', key: 'address', personal: true }),
      field({ id: 'born', key: 'birthday', type: 'date' }),
      field({ id: 'first', key: 'fname' }),
      field({ id: 'mail', key: 'email' }),
    );
    const empty = situation();
    expect(stateOf(t, empty, 'a')?.disabled).toBe(false);
    expect(stateOf(t, empty, 'b')?.disabled).toBe(true);
    expect(stateOf(t, empty, 'born')?.disabled).toBe(false);
    const filled = situation({ values: { a: 'x', b: 'y', born: '1990-04-01' } });
    expect(stateOf(t, filled, 'a')?.disabled).toBe(true);
    expect(stateOf(t, filled, 'b')?.disabled).toBe(false);
    expect(stateOf(t, filled, 'born')?.disabled).toBe(true);
    expect(stateOf(t, situation({ viewer: 'employer', values: { born: '1990-04-01' } }), 'born')?.disabled).toBe(false);
    expect(stateOf(t, situation({ locked: true }), 'street')?.disabled).toBe(true);
    expect(stateOf(t, situation({ viewer: 'employer', locked: true }), 'street')?.disabled).toBe(false);
    // Name and e-mail are changed where sign-in is managed, by anybody.
    for (const viewer of ['employee', 'employer'] as const) {
      expect(stateOf(t, situation({ viewer }), 'first')?.disabled).toBe(true);
      expect(stateOf(t, situation({ viewer }), 'mail')?.disabled).toBe(true);
    }
    expect(stateOf(t, situation({ viewer: 'employer', mayEdit: false }), 'a')?.disabled).toBe(true);
  });

  it('needs papers for British nationals from 2021 on', () => {
    const c: ProfileCondition = { field: 'start', op: 'after_brexit' };
    expect(conditionHolds(c, { start: '2021-01-01' }, 'GB')).toBe(true);
    expect(conditionHolds(c, { start: '2020-12-31' }, 'gb')).toBe(false);
    expect(conditionHolds(c, { start: '2022-05-01' }, 'de')).toBe(false);
    expect(conditionHolds(c, {}, 'gb')).toBe(false);
  });

  it('compares numbers as numbers and dates as dates', () => {
    expect(conditionHolds({ field: 'n', op: 'less', value: 10 }, { n: '9' })).toBe(true);
    expect(conditionHolds({ field: 'n', op: 'less', value: '10' }, { n: 9 })).toBe(true);
    expect(conditionHolds({ field: 'd', op: 'greater_or_equal', value: '2024-01-01' }, { d: '2024-01-01' })).toBe(true);
    expect(conditionHolds({ field: 'd', op: 'greater', value: '2024-01-01' }, {})).toBe(false);
  });

  it('checks a typed value against its kind', () => {
    expect(profileValueProblem(field({ id: 'e', type: 'email' }), 'a@b.de')).toBeNull();
    expect(profileValueProblem(field({ id: 'e', type: 'email' }), 'nope')).toBe('invalid');
    expect(profileValueProblem(field({ id: 'd', type: 'date' }), '2024-02-30x')).toBe('invalid');
    expect(profileValueProblem(field({ id: 'd', type: 'date' }), '2023-02-29')).toBe('invalid');
    expect(profileValueProblem(field({ id: 'd', type: 'date' }), '2024-02-29')).toBeNull();
    expect(profileValueProblem(field({ id: 'n', type: 'number', step: 0.5 }), 1.5)).toBeNull();
    expect(profileValueProblem(field({ id: 'n', type: 'number', step: 0.5 }), 1.2)).toBe('step');
    const select = field({ id: 's', type: 'select', options: [{ value: 'a', label: {} }] });
    expect(profileValueProblem(select, 'a')).toBeNull();
    expect(profileValueProblem(select, 'b')).toBe('notAnOption');
    expect(profileValueProblem(select, '')).toBeNull();
    const iban = field({ id: 'i', key: 'iban' });
    expect(profileValueProblem(iban, 'DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(profileValueProblem(iban, 'DE89 3704 0044 0532 0130 01')).toBe('invalid');
  });
});

const value: fc.Arbitrary<ProfileValue | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', ' ', 'a', 'b', '3', '2020-12-31', '2021-06-01'),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
);
const ids = ['f0', 'f1', 'f2', 'f3', 'f4'];
const condition: fc.Arbitrary<ProfileCondition> = fc.record({
  field: fc.constantFrom(...ids),
  op: fc.constantFrom(...PROFILE_CONDITION_OPS),
  value: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('a', '3', '2021-01-01'),
    fc.integer({ min: -5, max: 5 }),
    fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 }),
  ),
});
const flags = fc.record({ employer: fc.boolean(), employee: fc.boolean() });
const anyField = (id: string): fc.Arbitrary<ProfileField> =>
  fc
    .record({
      type: fc.constantFrom(...PROFILE_FIELD_TYPES),
      key: fc.constantFrom(null, 'fname', 'email', 'birthday', 'address', 'nationality'),
      if: fc.option(condition, { nil: null }),
      required: flags,
      requiredIf: fc.option(
        fc.tuple(condition, flags).map(([c, f]) => ({ ...c, ...f })),
        { nil: null },
      ),
      rights: fc.record({ read: fc.boolean(), create: fc.boolean(), update: fc.boolean() }),
      personal: fc.boolean(),
    })
    .map((r) => field({ id, ...r }));
const anyTemplate: fc.Arbitrary<ProfileTemplate> = fc
  .record({ fields: fc.tuple(...ids.map(anyField)), hidden: fc.boolean() })
  .map(({ fields, hidden }) => ({
    sections: [
      { id: 's1', name: {}, note: {}, hidden: false, fields: fields.slice(0, 3) },
      { id: 's2', name: {}, note: {}, hidden, fields: fields.slice(3) },
    ],
  }));
const anySituation: fc.Arbitrary<ProfileSituation> = fc.record({
  viewer: fc.constantFrom('employee' as const, 'employer' as const),
  values: fc.record(
    Object.fromEntries(ids.map((id) => [id, value])) as Record<string, fc.Arbitrary<ProfileValue | undefined>>,
  ),
  uploads: fc.record(Object.fromEntries(ids.map((id) => [id, fc.nat(2)]))),
  locked: fc.boolean(),
  mayEdit: fc.boolean(),
});

describe('profile rules, for any template and values', () => {
  it('never requires or misses what is hidden, a divider or computed', () => {
    fc.assert(
      fc.property(anyTemplate, anySituation, (t, s) => {
        const fields = t.sections.flatMap((x) => x.fields);
        for (const state of profileFieldStates(t, s)) {
          const f = fields.find((x) => x.id === state.id) as ProfileField;
          if (!state.visible || f.type === 'divider' || f.type === 'auto') expect(state.required).toBe(false);
          if (state.missing) expect(state.required).toBe(true);
          if (f.type === 'divider' || f.type === 'auto') expect(state.disabled).toBe(true);
        }
      }),
    );
  });

  it('asks a side only for what the template says that side must fill', () => {
    fc.assert(
      fc.property(anyTemplate, anySituation, (t, s) => {
        const fields = t.sections.flatMap((x) => x.fields);
        for (const state of profileFieldStates(t, s)) {
          const f = fields.find((x) => x.id === state.id) as ProfileField;
          if (state.required) expect(f.required[s.viewer] || f.requiredIf?.[s.viewer] === true).toBe(true);
        }
      }),
    );
  });

  it('an upload is filled by a file and nothing else', () => {
    fc.assert(
      fc.property(anyTemplate, anySituation, (t, s) => {
        const fields = t.sections.flatMap((x) => x.fields);
        for (const state of profileFieldStates(t, s)) {
          const f = fields.find((x) => x.id === state.id) as ProfileField;
          if ((f.type === 'upload' || f.type === 'multi-upload') && state.required)
            expect(state.missing).toBe((s.uploads[f.id] ?? 0) === 0);
        }
      }),
    );
  });

  it('the negated conditions are the complements', () => {
    fc.assert(
      fc.property(condition, fc.record({ f0: value, f1: value, f2: value, f3: value, f4: value }), (c, values) => {
        const pairs = { equal: 'not_equal', in: 'not_in', exists: 'empty' } as const;
        for (const [op, neg] of Object.entries(pairs))
          expect(conditionHolds({ ...c, op: neg }, values)).toBe(
            !conditionHolds({ ...c, op: op as typeof neg }, values),
          );
      }),
    );
  });

  it('a manager without the right to edit the member changes nothing', () => {
    fc.assert(
      fc.property(anyTemplate, anySituation, (t, s) => {
        const states = profileFieldStates(t, { ...s, viewer: 'employer', mayEdit: false });
        expect(states.every((x) => x.disabled)).toBe(true);
      }),
    );
  });
});
