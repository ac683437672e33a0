import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog holding one form: its fields, then Cancel and Save at the bottom right. The submit event stops here, so
 * a dialog opened from inside another form (the employee page) never submits that one.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  saving,
  size = 'lg',
  testId,
  saveTestId,
  children,
}: {
  title: string;
  onClose: () => void;
  /** Usually `form.onSubmit(...)` of useSchemaForm. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  size?: ModalProps['size'];
  testId?: string;
  saveTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid={testId}
    >
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          onSubmit(e);
        }}
        noValidate
      >
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid={saveTestId}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
