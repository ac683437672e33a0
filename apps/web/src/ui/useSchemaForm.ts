import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMemo } from 'react';
import type { z } from 'zod';
import { type FieldErrorTarget, schemaErrors } from './schemaErrors';

export interface SchemaFormOptions<Values, Body> {
  /** The request's contract schema: the form checks what it would send, as the server will. */
  schema: z.ZodType<Body>;
  initialValues: Values;
  /** The request body the form's values become (text a person typed → cents, minutes…); the values themselves if absent. */
  toBody?: (values: Values) => unknown;
  /** The request's field → the form's field, for issues found by the schema here or by the server's 422. */
  rename?: Record<string, string>;
}

export interface SchemaForm<Values extends Record<string, any>, Body> {
  form: UseFormReturnType<Values>;
  /** The body to send, parsed by the contract (call after `form.onSubmit` validated). */
  body: (values: Values) => Body;
  /** Give this to a mutation's `meta.form`: the server's 422 messages land on the form's own fields. */
  fieldErrors: FieldErrorTarget;
}

/**
 * The hook's parts that need no React (tested on their own): the form's validation by the contract, the body to
 * send, and a form's field-error target behind the renames.
 */
export function schemaFormParts<Values, Body>({
  schema,
  toBody,
  rename = {},
}: Omit<SchemaFormOptions<Values, Body>, 'initialValues'>) {
  const convert = toBody ?? ((v: Values): unknown => v);
  return {
    validate: (values: Values) => schemaErrors(schema, convert(values), rename),
    body: (values: Values): Body => schema.parse(convert(values)),
    renamed: (target: FieldErrorTarget): FieldErrorTarget => ({
      setFieldError: (path, error) => target.setFieldError(rename[path] ?? path, error),
    }),
  };
}

/**
 * The one form hook: Mantine's form validated by the contract's zod schema (issues worded by `schemaErrors`), with
 * the server's field errors mapped back through the same renames.
 */
export function useSchemaForm<Values extends Record<string, any>, Body>({
  initialValues,
  ...options
}: SchemaFormOptions<Values, Body>): SchemaForm<Values, Body> {
  const { validate, body, renamed } = schemaFormParts(options);
  const form = useForm<Values>({ initialValues, validate });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the renames and form are fixed for a form's life
  const fieldErrors = useMemo<FieldErrorTarget>(() => renamed(form), []);
  return { form, body, fieldErrors };
}
