import { WEBHOOK_EVENTS, type WebhookCreated, WebhookRequest } from '@app/contracts';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { apiKeys, createWebhook } from './api';
import { SecretOnce } from './SecretOnce';

/** The words of an event (`item.created` → `api.events.item_created`). */
export const eventKey = (event: string) => `api.events.${event.replace('.', '_')}`;

/** Registers an endpoint for chosen events; its signing secret is shown once. */
export function WebhookDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const { form, body, fieldErrors } = useSchemaForm({
    schema: WebhookRequest,
    initialValues: { url: '', description: '', events: ['roster.released'] as string[] },
    toBody: (v) => ({ ...v, url: v.url.trim(), description: v.description.trim() }),
  });
  const mutation = useMutation({
    mutationFn: createWebhook,
    meta: { form: fieldErrors },
    onSuccess: (res) => {
      setCreated(res);
      void queryClient.invalidateQueries({ queryKey: apiKeys.webhooks() });
    },
  });
  const close = () => {
    form.reset();
    setCreated(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('api.webhooks.new')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {created ? (
        <Stack data-testid="webhook-created">
          <SecretOnce label={t('api.webhooks.secret')} value={created.secret} testId="webhook-secret" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid="webhook-done">
              {t('api.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => mutation.mutate(body(values)))} data-testid="webhook-dialog">
          <Stack>
            <TextInput
              label={t('api.webhooks.url')}
              description={t('api.webhooks.urlHint')}
              placeholder="https://"
              required
              data-autofocus
              data-testid="webhook-url"
              {...form.getInputProps('url')}
            />
            <TextInput
              label={t('api.webhooks.description')}
              data-testid="webhook-description"
              {...form.getInputProps('description')}
            />
            <Checkbox.Group label={t('api.webhooks.events')} required {...form.getInputProps('events')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    value={event}
                    label={t(eventKey(event))}
                    data-testid={`webhook-event-${event}`}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="webhook-create">
                {t('api.webhooks.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
