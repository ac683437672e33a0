import { API_SCOPES, type ApiTokenCreated, type ApiTokenKind, CreateApiTokenRequest } from '@app/contracts';
import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { apiKeys, createToken } from './api';
import { SecretOnce } from './SecretOnce';

/** How long a new token lives, in days: the choices offered (the contract allows up to a year). */
const LIFETIMES = [7, 30, 90, 365] as const;

/** Makes a token of one kind; its secret is shown once, with a copy button, before the dialog closes. */
export function TokenDialog({ kind, opened, onClose }: { kind: ApiTokenKind; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const { form, body, fieldErrors } = useSchemaForm({
    schema: CreateApiTokenRequest,
    initialValues: { kind, name: '', scopes: ['roster.read'] as string[], expiresInDays: '90' },
    toBody: (v) => ({ ...v, kind, name: v.name.trim(), expiresInDays: Number(v.expiresInDays) }),
  });
  const mutation = useMutation({
    mutationFn: createToken,
    meta: { form: fieldErrors },
    onSuccess: (res) => {
      setCreated(res);
      void queryClient.invalidateQueries({ queryKey: apiKeys.tokens() });
    },
  });
  const close = () => {
    form.reset();
    setCreated(null);
    onClose();
  };
  const title = t(kind === 'personal' ? 'api.tokens.newPersonal' : 'api.tokens.newIntegration');

  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {created ? (
        <Stack data-testid="token-created">
          <SecretOnce label={created.token.name} value={created.secret} testId="token-secret" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid="token-done">
              {t('api.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => mutation.mutate(body(values)))} data-testid="token-dialog">
          <Stack>
            <TextInput
              label={t('api.tokens.name')}
              description={t('api.tokens.nameHint')}
              required
              data-autofocus
              data-testid="token-name"
              {...form.getInputProps('name')}
            />
            <Checkbox.Group label={t('api.tokens.scopes')} required {...form.getInputProps('scopes')}>
              <Stack gap={6} mt={6}>
                {API_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={t(`api.scopes.${scope.replace('.', '_')}`)}
                    data-testid={`token-scope-${scope}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label={t('api.tokens.expires')}
              data={LIFETIMES.map((days) => ({ value: String(days), label: t('api.tokens.days', { count: days }) }))}
              allowDeselect={false}
              {...form.getInputProps('expiresInDays')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="token-create">
                {t('api.tokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
