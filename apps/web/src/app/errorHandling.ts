import type { ApiError } from './api';

/** A form that can show messages on its fields (Mantine's useForm fits). */
export interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

/** How a query or mutation wants its failures handled (its `meta`). */
export type ErrorHandling = {
  /** The caller deals with these failures itself (its own wording, its own next step). */
  handled?: (error: ApiError) => boolean;
  /** The form whose fields receive the messages of a 422. */
  form?: FieldErrorTarget;
};
