import type { z } from 'zod';
import i18n from '../i18n';

/** A form that can show messages on its fields (Mantine's useForm fits). */
export interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

/**
 * One zod issue worded from the catalogs. The contracts' own messages are catalog keys and are translated; zod's
 * own issues are worded by their kind (a missing text is required, a number names its bound).
 */
function issueMessage(issue: z.core.$ZodIssue): string {
  const t = i18n.t.bind(i18n);
  if (issue.message && i18n.exists(issue.message)) return t(issue.message);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return t('validation.required');
      if (issue.origin === 'string') return t('validation.tooShort');
      if (issue.origin === 'array') return t('ui.validation.chooseOne');
      return t('ui.validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('validation.tooLong');
      return t('ui.validation.max', { max: Number(issue.maximum) });
    case 'invalid_format':
      return t(issue.format === 'email' ? 'validation.email' : 'validation.invalid');
    case 'invalid_type':
      return t(
        issue.expected === 'number' || issue.expected === 'int' ? 'ui.validation.number' : 'validation.required',
      );
    default:
      return t('validation.invalid');
  }
}

/**
 * The contract's zod schema as a form's validation: each issue lands on its field (path "a.b", the first issue per
 * field), worded from the catalogs. `rename` moves an issue of the request's field onto the form's field (cents
 * onto the text a person typed).
 */
export function schemaErrors(
  schema: z.ZodType,
  value: unknown,
  rename: Record<string, string> = {},
): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const raw = issue.path.map(String).join('.');
    const path = rename[raw] ?? raw;
    if (!(path in errors)) errors[path] = issueMessage(issue);
  }
  return errors;
}
