import type { ProfileCondition, ProfileConditionOp, ProfileField, ProfileTemplate } from '@app/contracts';

/**
 * The template an account starts with (docs/product/profiles.md): the member data the product knows, in four
 * sections. Mapped fields carry no words of their own; the screens name them by their key.
 */

type Draft = Partial<ProfileField> & Pick<ProfileField, 'id'>;

/** A field with the template's defaults: text, half width, nobody must fill it, the member may see and change it. */
export const profileField = (d: Draft): ProfileField => ({
  type: 'text',
  key: null,
  label: {},
  description: {},
  options: [],
  default: null,
  step: null,
  width: 'half',
  if: null,
  required: { employer: false, employee: false },
  requiredIf: null,
  rights: { read: true, create: true, update: true },
  personal: false,
  ...d,
});

const field = (d: Draft): ProfileField => profileField({ key: d.id, ...d });

const both = { employer: true, employee: true };
const employerOnly = { employer: true, employee: false };
const readOnly = { read: true, create: false, update: false };

export const DEFAULT_PROFILE_TEMPLATE: ProfileTemplate = {
  sections: [
    {
      id: 'personal',
      name: {},
      note: {},
      hidden: false,
      fields: [
        field({ id: 'fname', required: both, personal: true }),
        field({ id: 'lname', required: both, personal: true }),
        field({ id: 'email', type: 'email', required: both }),
        field({ id: 'birthday', type: 'date', required: employerOnly, personal: true }),
        field({ id: 'nationality', personal: true }),
        field({ id: 'birth_place', personal: true }),
      ],
    },
    {
      id: 'contact',
      name: {},
      note: {},
      hidden: false,
      fields: [
        field({ id: 'address', width: 'full', personal: true }),
        field({ id: 'zip', width: 'third', personal: true }),
        field({ id: 'city', width: 'third', personal: true }),
        field({ id: 'country', width: 'third', personal: true }),
        field({ id: 'phone' }),
        field({ id: 'mobile' }),
      ],
    },
    {
      id: 'payroll',
      name: {},
      note: {},
      hidden: false,
      fields: [
        field({ id: 'employee_number', rights: readOnly }),
        field({ id: 'iban', required: employerOnly, personal: true }),
        field({ id: 'tax_number', personal: true }),
        field({ id: 'ssn', personal: true }),
        field({ id: 'church_tax', type: 'yesno', personal: true }),
        field({ id: 'children', type: 'yesno', personal: true }),
        field({
          id: 'children_amount',
          type: 'number',
          step: 1,
          personal: true,
          if: { field: 'children', op: 'equal', value: true },
          requiredIf: { field: 'children', op: 'equal', value: true, employer: true, employee: false },
        }),
      ],
    },
    {
      id: 'permits',
      name: {},
      note: {},
      hidden: false,
      fields: [
        field({
          id: 'work_permit_expiration',
          key: null,
          type: 'date',
          label: {
            en: 'Work permit valid until',
            de: 'Arbeitserlaubnis gültig bis',
            nl: 'Werkvergunning geldig tot',
            pl: 'Zezwolenie na pracę ważne do',
          },
          personal: true,
        }),
      ],
    },
  ],
};

export type TemplateProblem =
  | 'validation.taken'
  | 'validation.required'
  | 'profileForm.unknownField'
  | 'profileForm.optionsNeeded'
  | 'profileForm.conditionOnItself';

/** The condition operators that compare with a value (the others look only at whether there is one). */
export const CONDITION_OPS_WITH_VALUE: readonly ProfileConditionOp[] = [
  'equal',
  'not_equal',
  'less',
  'greater',
  'less_or_equal',
  'greater_or_equal',
  'in',
  'not_in',
];

/** The fields a condition may look at: those that hold a value (not dividers), never the field itself. */
export const conditionTargets = (template: ProfileTemplate, fieldId: string): ProfileField[] =>
  templateFields(template).filter((f) => f.id !== fieldId && f.type !== 'divider');

/** What is wrong with one of a field's conditions, by the part it concerns ("field", "value"). */
function conditionProblems(
  condition: ProfileCondition,
  self: ProfileField,
  known: Map<string, ProfileField>,
): Record<string, TemplateProblem> {
  const target = known.get(condition.field);
  if (condition.field === self.id) return { field: 'profileForm.conditionOnItself' };
  if (!target || target.type === 'divider') return { field: 'profileForm.unknownField' };
  const empty =
    condition.value === undefined ||
    (typeof condition.value === 'string' && condition.value.trim() === '') ||
    (Array.isArray(condition.value) && condition.value.length === 0);
  if (CONDITION_OPS_WITH_VALUE.includes(condition.op) && empty) return { value: 'validation.required' };
  return {};
}

/**
 * What makes a template unusable, by its path ("sections.1.fields.2.id"): ids used twice, conditions on fields
 * that do not exist (or on the field itself, or without the value they compare with), choices without options.
 */
export function templateProblems(template: ProfileTemplate): Record<string, TemplateProblem> {
  const problems: Record<string, TemplateProblem> = {};
  const fieldIds = new Set<string>();
  const sectionIds = new Set<string>();
  const all = template.sections.flatMap((s) => s.fields);
  const known = new Map(all.map((f) => [f.id, f]));
  template.sections.forEach((section, si) => {
    if (sectionIds.has(section.id)) problems[`sections.${si}.id`] = 'validation.taken';
    sectionIds.add(section.id);
    section.fields.forEach((f, fi) => {
      const at = `sections.${si}.fields.${fi}`;
      if (fieldIds.has(f.id)) problems[`${at}.id`] = 'validation.taken';
      fieldIds.add(f.id);
      for (const part of ['if', 'requiredIf'] as const) {
        const condition = f[part];
        if (!condition) continue;
        for (const [key, problem] of Object.entries(conditionProblems(condition, f, known)))
          problems[`${at}.${part}.${key}`] = problem;
      }
      if ((f.type === 'select' || f.type === 'radio') && f.options.length === 0)
        problems[`${at}.options`] = 'profileForm.optionsNeeded';
    });
  });
  return problems;
}

/** The template's fields in order. */
export const templateFields = (template: ProfileTemplate): ProfileField[] => template.sections.flatMap((s) => s.fields);
