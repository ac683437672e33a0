import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMemo } from 'react';
import type { z } from 'zod';
import { schemaErrors } from './schemaErrors';

/** Where a mutation's 422 messages land (the shape the app's error handling asks of a form). */
export interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

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
 * The one form hook: Mantine's form validated by the contract's zod schema (issues worded by `schemaErrors`), with
 * the server's field errors mapped back through the same renames.
 */
export function useSchemaForm<Values extends Record<string, any>, Body>({
  schema,
  initialValues,
  toBody,
  rename = {},
}: SchemaFormOptions<Values, Body>): SchemaForm<Values, Body> {
  const convert = toBody ?? ((v: Values): unknown => v);
  const form = useForm<Values>({
    initialValues,
    validate: (values) => schemaErrors(schema, convert(values), rename),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the renames and form are fixed for a form's life
  const fieldErrors = useMemo<FieldErrorTarget>(
    () => ({ setFieldError: (path, error) => form.setFieldError(rename[path] ?? path, error) }),
    [],
  );
  return { form, body: (values) => schema.parse(convert(values)), fieldErrors };
}
