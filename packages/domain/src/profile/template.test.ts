import type { ProfileTemplate } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { conditionTargets, DEFAULT_PROFILE_TEMPLATE, profileField, templateProblems } from './template';

const template = (fields: ReturnType<typeof profileField>[]): ProfileTemplate => ({
  sections: [{ id: 's', name: {}, note: {}, hidden: false, fields }],
});
const car = profileField({ id: 'car', type: 'yesno' });
const line = profileField({ id: 'line', type: 'divider' });

describe('templateProblems: conditions', () => {
  it('finds nothing wrong with the template an account starts with', () => {
    expect(templateProblems(DEFAULT_PROFILE_TEMPLATE)).toEqual({});
  });

  it('takes a condition on another field with the value it compares with', () => {
    const licence = profileField({
      id: 'licence',
      type: 'upload',
      if: { field: 'car', op: 'equal', value: true },
      requiredIf: { field: 'car', op: 'exists', employer: true, employee: false },
    });
    expect(templateProblems(template([car, licence]))).toEqual({});
  });

  it('refuses a condition on a missing field, a divider or the field itself, and one without its value', () => {
    const problems = templateProblems(
      template([
        car,
        line,
        profileField({ id: 'a', if: { field: 'gone', op: 'exists' } }),
        profileField({ id: 'b', if: { field: 'line', op: 'exists' } }),
        profileField({ id: 'c', requiredIf: { field: 'c', op: 'empty', employer: true, employee: true } }),
        profileField({ id: 'd', if: { field: 'car', op: 'equal' } }),
        profileField({ id: 'e', if: { field: 'car', op: 'in', value: [] } }),
      ]),
    );
    expect(problems).toEqual({
      'sections.0.fields.2.if.field': 'profileForm.unknownField',
      'sections.0.fields.3.if.field': 'profileForm.unknownField',
      'sections.0.fields.4.requiredIf.field': 'profileForm.conditionOnItself',
      'sections.0.fields.5.if.value': 'validation.required',
      'sections.0.fields.6.if.value': 'validation.required',
    });
  });

  it('offers the other fields that hold a value as what a condition looks at', () => {
    const licence = profileField({ id: 'licence', type: 'upload' });
    expect(conditionTargets(template([car, line, licence]), 'licence').map((f) => f.id)).toEqual(['car']);
  });
});
