import type { ErrorBody } from '@app/contracts';
import { formatDateList } from '@app/domain';
import i18n from '../i18n';
import { isApiError } from './api';
import { setAppError } from './appError';
import type { ErrorHandling, FieldErrorTarget } from './errorHandling';
import { goToLogin } from './navigation';
import { notify } from './notify';
import { isOfflineError } from './offline';
import { queryClient } from './queryClient';
import { endSession, sessionKeys } from './session';

export type { ErrorHandling, FieldErrorTarget };

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

/** The message for an error body, by its code; never the server's English message. */
export function errorMessage(body: ErrorBody | null | undefined): string {
  const params = messageParams(body);
  // A rejection that names the person (ERR_OVERLAP) has a wording with the name.
  const named = body?.code && body.data?.user ? `errors.${body.code}_named` : '';
  if (named && i18n.exists(named)) return t(named, params);
  const key = body?.code ? `errors.${body.code}` : '';
  return key && i18n.exists(key) ? t(key, params) : t('errors.INTERNAL');
}

/** The body's data as a message's values; the days a refusal names (`dates`) as one list in the language's words. */
export function messageParams(body: ErrorBody | null | undefined): Record<string, unknown> {
  const data = body?.data ?? {};
  const dates = Array.isArray(data.dates) ? data.dates.filter((d): d is string => typeof d === 'string') : [];
  return dates.length ? { ...data, dates: formatDateList(dates, i18n.language) } : data;
}

/** Turns a field's catalog keys into one message. */
export function fieldMessage(keys: readonly string[]): string {
  return keys.map((k) => (i18n.exists(k) ? t(k) : t('errors.VALIDATION'))).join(' ');
}

export function applyFieldErrors(form: FieldErrorTarget | undefined, body: ErrorBody | null) {
  if (!form || !body?.fields) return;
  for (const [field, keys] of Object.entries(body.fields)) form.setFieldError(field, fieldMessage(keys));
}

/** The HTTP error handling of docs/product/app.md, in one place. */
export function handleApiError(error: unknown, handling: ErrorHandling = {}) {
  if (isOfflineError(error)) {
    // A read shows the offline banner; a change was not sent, and the member must know it (docs/product/app.md).
    if (error.method !== 'GET') notify('warning', t('offline.refused'), t('offline.title'), 'offline-refused');
    return;
  }
  if (!isApiError(error)) {
    console.error(error);
    // fetch rejects with a TypeError when the server cannot be reached; anything else is a fault of ours.
    notify('error', t(error instanceof TypeError ? 'errors.network' : 'errors.INTERNAL'), t('errors.title'));
    return;
  }
  if (handling.handled?.(error)) return;
  const { status, body } = error;

  if (status === 401) {
    endSession();
    if (body?.logout) {
      notify('warning', t('errors.TOKEN_MISMATCH'), t('errorPages.tokenMismatch.title'));
      goToLogin({ keepRedirect: false });
    } else {
      goToLogin();
    }
    return;
  }
  if (body?.code === 'TOKEN_MISMATCH') {
    setAppError(body.data?.reason === 'decrypt' ? 'decrypt' : 'tokenMismatch');
    return;
  }
  // A super user's read-only visit: the change is refused, the page stays (the visit bar offers write access).
  if (body?.code === 'SHADOW_READ_ONLY') {
    notify('warning', errorMessage(body));
    return;
  }
  // The account's status changed under the member: init again, and the gate shows what is left to them.
  if (body?.code === 'ACCOUNT_INACTIVE' || body?.code === 'SUBSCRIPTION_REQUIRED') {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.init });
    return;
  }
  // A passing outage (the database away, a server stopping) keeps the page and its unsaved work: only maintenance
  // takes the whole screen. The virus scanner being away refuses only the upload.
  if (body?.code === 'DATABASE_UNAVAILABLE' || body?.code === 'SHUTTING_DOWN' || body?.code === 'SCAN_UNAVAILABLE') {
    notify('warning', errorMessage(body), t('errors.title'));
    return;
  }
  switch (status) {
    case 403:
      setAppError('forbidden');
      return;
    case 404:
      setAppError('notFound');
      return;
    case 408:
      setAppError('timeout');
      return;
    case 409:
      // Conflicts belong to the caller, which words and retries them.
      return;
    case 413:
      notify('error', t('errors.PAYLOAD_TOO_LARGE'), t('errors.title'));
      return;
    case 422:
      applyFieldErrors(handling.form, body);
      notify('warning', t('errors.VALIDATION'));
      return;
    case 503:
    case 504:
      setAppError('maintenance');
      return;
    default:
      notify('error', errorMessage(body), t('errors.title'));
  }
}
