import { isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import i18n from '../../i18n';

/**
 * Words a refusal (409: the last owner, the account holder, an address in use, the plan's limit) as a
 * notification; the app's error handling leaves conflicts to the caller.
 */
export function wordConflict(error: unknown) {
  if (isApiError(error) && error.status === 409) notify('error', errorMessage(error.body), i18n.t('errors.title'));
}
