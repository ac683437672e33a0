import { type ApiError, isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';

const isRefusal = (error: ApiError) => error.status === 409;

/**
 * For a roster mutation's options: a refusal (409: released or past days, open conflicts) is a warning in the
 * server's words; every other failure goes through the one HTTP error mapping.
 */
export const refusalAsWarning = {
  meta: { handled: isRefusal },
  onError: (error: unknown) => {
    if (isApiError(error) && isRefusal(error)) notify('warning', errorMessage(error.body));
  },
};
