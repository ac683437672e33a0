import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../../i18n';

/** Asks a yes-or-no question in a modal; answers whether the person confirmed. */
export function confirmAsync(opts: { title: string; message: string; confirm: string; danger?: boolean }) {
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: opts.title,
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
      children: <Text size="sm">{opts.message}</Text>,
      labels: { confirm: opts.confirm, cancel: i18n.t('common.cancel') },
      confirmProps: { color: opts.danger ? 'red' : undefined, 'data-testid': 'confirm-yes' } as never,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
