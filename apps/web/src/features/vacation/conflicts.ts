import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import i18n from '../../i18n';

/** A 409 of a request already decided (someone else was quicker): worded here, the list refetches. */
export function wordConflict(error: unknown) {
  if (isApiError(error) && error.status === 409) {
    const reason = error.body?.data?.reason;
    notify(
      'warning',
      i18n.t(reason === 'vacation.notInForce' ? 'vacation.errors.notInForce' : 'vacation.errors.notPending'),
    );
  }
}
