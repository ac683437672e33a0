import type { FastifyRequest } from 'fastify';

/** One issue as fastify-type-provider-zod hands it over: zod's code as `keyword`, the rest of the issue in `params`. */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

// The contracts' own messages are catalog keys already (`validation.date`, `availability.rangeTooLong`); zod's
// English messages never look like one.
const CATALOG_KEY = /^[a-z]+(?:\.[A-Za-z]+)+$/;

/** What the request held at a path (zod reports no input, so it is looked up to tell "missing" from "wrong"). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A zod issue as a catalog key the web words (validation.*), never zod's English text. */
function validationKey(issue: ValidationIssue, input: unknown): string {
  if (issue.message && CATALOG_KEY.test(issue.message)) return issue.message;
  switch (issue.keyword) {
    case 'invalid_type':
      return input === undefined || input === null ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      return typeof input === 'string' && input.trim() === '' ? 'validation.required' : 'validation.tooShort';
    case 'too_big':
      return 'validation.tooLong';
    case 'invalid_format':
      return issue.params?.format === 'email' ? 'validation.email' : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

/** The catalog keys of a failed schema validation, per field (`_` for the body as a whole). */
export function fieldErrorsOf(
  issues: readonly ValidationIssue[],
  context: string | undefined,
  request: FastifyRequest,
): Record<string, string[]> {
  const data: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const key = path.join('.') || '_';
    const message = validationKey(issue, valueAt(data[context ?? 'body'], path));
    if (!fields[key]?.includes(message)) fields[key] = [...(fields[key] ?? []), message];
  }
  return fields;
}
