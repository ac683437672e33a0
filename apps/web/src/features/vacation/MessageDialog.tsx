import { VACATION_REASON_MAX_LENGTH } from '@app/contracts';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for an optional personal message (a denial, a removal) before acting. */
export function MessageDialog({
  opened,
  title,
  confirm,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  confirm: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Textarea
          label={t('vacation.message')}
          description={t('vacation.messageHint')}
          value={message}
          maxLength={VACATION_REASON_MAX_LENGTH}
          autosize
          minRows={3}
          onChange={(e) => setMessage(e.currentTarget.value)}
          data-testid="vacation-message"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => onConfirm(message.trim() || null)}
            data-testid="vacation-message-confirm"
          >
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
