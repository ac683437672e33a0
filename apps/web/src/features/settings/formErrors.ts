import type { z } from 'zod';
import i18n from '../../i18n';

/**
 * The contract's zod schema as the form's validation: each issue lands on its field, worded from the catalogs.
 * Catalog keys (the contracts' own messages) are translated; zod's own issues are worded by their kind.
 */
function issueMessage(issue: z.core.$ZodIssue): string {
  const t = i18n.t.bind(i18n);
  if (issue.message && i18n.exists(issue.message)) return t(issue.message);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return t('validation.required');
      if (issue.origin === 'array') return t('settings.validation.chooseOne');
      return t('settings.validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('validation.tooLong');
      return t('settings.validation.max', { max: Number(issue.maximum) });
    case 'invalid_type':
      return t('settings.validation.number');
    default:
      return t('validation.invalid');
  }
}

/** Field errors of a value checked against a schema: path "a.b" to message, the first issue per field. */
export function schemaErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issueMessage(issue);
  }
  return errors;
}
