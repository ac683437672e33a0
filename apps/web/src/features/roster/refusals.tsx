import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ApiError, isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { queryClient } from '../../app/queryClient';
import i18n from '../../i18n';
import { rosterKeys } from './api';

/** A refusal the roster words itself: 409, or a 404 that asks to reload (part of a selection is gone). */
const isRefusal = (error: ApiError) => error.status === 409 || asksReload(error);

const RELOAD_NOTICE = 'roster-reload';

/**
 * The roster changed under the planner (the latency error): the server's words and a Reload button. Reloading
 * fetches the roster again in place: the planning, period, filters and scroll position stay as they are.
 */
export function notifyReload(message: string) {
  notifications.show({
    id: RELOAD_NOTICE,
    color: 'orange',
    autoClose: false,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    message: (
      <Stack gap="xs" align="flex-start" data-testid="roster-reload-notice">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="light"
          data-testid="roster-reload"
          onClick={() => {
            notifications.hide(RELOAD_NOTICE);
            void queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
          }}
        >
          {i18n.t('roster.reload')}
        </Button>
      </Stack>
    ),
  });
}

/** Whether the refusal says that what the client shows is out of date (the body's `reload`, never the code). */
export const asksReload = (error: unknown) => isApiError(error) && error.body?.data?.reload === true;

/**
 * For a roster mutation's options: a refusal (409: released or past days, open conflicts) is a warning in the
 * server's words; one whose body asks to reload (the latency error: part of the selection was removed meanwhile)
 * offers the reload; every other failure goes through the one HTTP error mapping.
 */
export const refusalAsWarning = {
  meta: { handled: isRefusal },
  onError: (error: unknown) => {
    if (!isApiError(error) || !isRefusal(error)) return;
    if (asksReload(error)) notifyReload(i18n.t('roster.latency'));
    else notify('warning', errorMessage(error.body));
  },
};
