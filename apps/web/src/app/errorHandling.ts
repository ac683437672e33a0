import type { FieldErrorTarget } from '../ui/schemaErrors';
import type { ApiError } from './api';

export type { FieldErrorTarget };

/** How a query or mutation wants its failures handled (its `meta`). */
export type ErrorHandling = {
  /** The caller deals with these failures itself (its own wording, its own next step). */
  handled?: (error: ApiError) => boolean;
  /** The form whose fields receive the messages of a 422. */
  form?: FieldErrorTarget;
};
