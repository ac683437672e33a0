import type { SubscriptionResponse } from '@app/contracts';
import { Alert, Button, Card, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { goToLogin } from '../../app/navigation';
import { notify } from '../../app/notify';
import { endSession } from '../../app/session';
import { RouteLink } from '../../ui/RouteLink';
import { deleteAccount, EXPORT_URL } from './api';
import { useShadow } from './hooks';

/**
 * Deleting the account and everything in it (docs/product/subscription.md): the download of all its data is offered
 * first, then the company name is typed again. Afterwards the session is over.
 */
export function DeleteAccountCard({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shadow = useShadow();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      className="subscription-danger"
      component="section"
      aria-labelledby="subscription-delete"
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="subscription-delete">
          {t('subscriptionPage.delete.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('subscriptionPage.delete.intro')}
        </Text>
        <Group>
          <Button
            color="red"
            variant="outline"
            disabled={shadow}
            onClick={() => setOpen(true)}
            data-testid="delete-open"
          >
            {t('subscriptionPage.delete.open')}
          </Button>
        </Group>
      </Stack>
      <DeleteAccountDialog data={data} opened={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

function DeleteAccountDialog({
  data,
  opened,
  onClose,
}: {
  data: SubscriptionResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [downloaded, setDownloaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLocaleLowerCase() === data.companyName.trim().toLocaleLowerCase();
  const mutation = useMutation({
    mutationFn: () => deleteAccount(typed),
    meta: { handled: (e) => e.status === 422 || e.status === 409 },
    onError: (e) => {
      if (isApiError(e)) setError(errorMessage(e.body));
    },
    onSuccess: () => {
      endSession();
      notify('success', t('subscriptionPage.delete.done'));
      goToLogin({ keepRedirect: false });
    },
  });
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('subscriptionPage.delete.dialogTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="delete-dialog">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('subscriptionPage.delete.warning')}
            </Text>
            <List size="sm">
              <List.Item>{t('subscriptionPage.delete.what1')}</List.Item>
              <List.Item>{t('subscriptionPage.delete.what2')}</List.Item>
              <List.Item>{t('subscriptionPage.delete.what3')}</List.Item>
            </List>
          </Stack>
        </Alert>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('subscriptionPage.delete.step1')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('subscriptionPage.delete.exportHint')}
          </Text>
          <Group>
            <Button
              component="a"
              href={EXPORT_URL}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => setDownloaded(true)}
              data-testid="delete-export"
            >
              {t('subscriptionPage.delete.export')}
            </Button>
            {downloaded && (
              <Text size="sm" c="teal.8">
                {t('subscriptionPage.delete.exportStarted')}
              </Text>
            )}
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('subscriptionPage.delete.step2')}
          </Text>
          <TextInput
            label={t('subscriptionPage.delete.typeName', { name: data.companyName })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            data-testid="delete-name"
          />
        </Stack>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <RouteLink route="contact" size="sm">
            {t('subscriptionPage.delete.help')}
          </RouteLink>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!matches}
              loading={mutation.isPending}
              onClick={() => mutation.mutate()}
              data-testid="delete-confirm"
            >
              {t('subscriptionPage.delete.confirm')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
