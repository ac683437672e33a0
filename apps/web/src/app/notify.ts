import { notificationDuration } from '@app/domain';
import { notifications } from '@mantine/notifications';
import i18n from '../i18n';

type Kind = 'info' | 'success' | 'error' | 'warning';

const COLORS: Record<Kind, string> = { info: 'blue', success: 'teal', error: 'red', warning: 'orange' };

/** Shows a notification that stays as long as its text needs (docs/product/app.md). */
export function notify(kind: Kind, message: string, title?: string, id?: string) {
  notifications.show({
    id,
    color: COLORS[kind],
    title,
    message,
    autoClose: notificationDuration(`${title ?? ''} ${message}`.trim()),
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}
