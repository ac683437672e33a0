import { DENIAL_MESSAGE_MAX_LENGTH, type Signature } from '@app/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad, type SignatureValue } from './SignaturePad';

/** Denial with a personal message (required), for one line or many. */
export function DenyDialog({
  count,
  opened,
  busy,
  onClose,
  onDeny,
}: {
  count: number;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onDeny: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('hours.deny.title', { count })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!message.trim()) return setError(t('hours.deny.required'));
          onDeny(message.trim());
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('hours.deny.hint')}
          </Text>
          <Textarea
            label={t('hours.deny.message')}
            required
            autosize
            minRows={3}
            maxLength={DENIAL_MESSAGE_MAX_LENGTH}
            value={message}
            error={error}
            data-autofocus
            data-testid="deny-message"
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="deny-submit">
              {t('hours.deny.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Approval (or signing) with a drawn signature and the signee's name. */
export function SignDialog({
  opened,
  title,
  submitLabel,
  busy,
  defaultName,
  onClose,
  onSign,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  defaultName: string;
  onClose: () => void;
  onSign: (signature: Signature) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<SignatureValue>({ image: null, name: defaultName });
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!value.image) return setError(t('hours.signature.required'));
          if (!value.name.trim()) return setError(t('hours.signature.nameRequired'));
          onSign({ image: value.image, name: value.name.trim() });
        }}
      >
        <Stack>
          {opened && (
            <SignaturePad
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(null);
              }}
              error={error}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="sign-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
