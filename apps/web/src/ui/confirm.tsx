import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import i18n from '../i18n';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** The confirming button's label (the question's verb: "Delete", "Renew"). */
  confirm: string;
  /** A red confirming button, for what cannot be undone. */
  danger?: boolean;
  /** The modal's test id, where a test looks for this question among others. */
  testId?: string;
}

/**
 * Asks a yes-or-no question in a modal; answers whether the person confirmed. Closing by Escape, the close button or
 * the backdrop counts as no.
 */
export function confirmAsync({ title, message, confirm, danger, testId }: ConfirmOptions) {
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title,
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm, cancel: i18n.t('common.cancel') },
      confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-yes' } as never,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
      ...(testId ? { 'data-testid': testId } : {}),
    } as Parameters<typeof modals.openConfirmModal>[0]);
  });
}
