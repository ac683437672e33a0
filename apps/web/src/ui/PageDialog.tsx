import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrowLayout } from './useNarrowLayout';

/** A page's dialog (a new entry, a question with a text): the whole screen on phones, its close button named. */
export function PageDialog({
  opened,
  onClose,
  title,
  size,
  testId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The test id of the dialog's content. */
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const narrow = useNarrowLayout();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {testId ? <div data-testid={testId}>{children}</div> : children}
    </Modal>
  );
}
