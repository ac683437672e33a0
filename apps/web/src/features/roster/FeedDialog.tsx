import { Modal, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '../../ui/ToolbarButton';

/**
 * A toolbar button that opens a dialog of secret addresses (calendar feeds, the wall screen). Each opening starts
 * afresh, so an address made before is never shown again: the panels inside are keyed per opening.
 */
export function FeedDialog({
  compact,
  icon,
  label,
  title,
  testId,
  children,
}: {
  compact: boolean;
  icon: ReactNode;
  label: string;
  title: string;
  /** The button is `${testId}-open`, the dialog's body `${testId}-dialog`. */
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [session, setSession] = useState(0);
  const close = () => {
    setOpened(false);
    setSession((n) => n + 1);
  };
  return (
    <>
      <ToolbarButton
        compact={compact}
        icon={icon}
        label={label}
        onClick={() => setOpened(true)}
        data-testid={`${testId}-open`}
      />
      <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
        {opened && (
          <Stack gap="sm" data-testid={`${testId}-dialog`} key={session}>
            {children}
          </Stack>
        )}
      </Modal>
    </>
  );
}
