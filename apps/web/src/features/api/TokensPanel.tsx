import type { ApiToken, ApiTokenKind } from '@app/contracts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { formatDate, formatDateTime } from '../../ui/format';
import { apiKeys, revokeToken } from './api';
import { TokenDialog } from './TokenDialog';

/** One token: its name, the start of its secret, its scopes, expiry and last use, and revoking it. */
function TokenCard({ token, onRevoke, busy }: { token: ApiToken; onRevoke: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card withBorder padding="md" radius="md" data-testid="token-row" data-name={token.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace">
              {token.prefix}…
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={onRevoke}
            loading={busy}
            aria-label={t('api.tokens.revokeNamed', { name: token.name })}
            data-testid="token-revoke"
          >
            {t('api.tokens.revoke')}
          </Button>
        </Group>
        <Group gap={4}>
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="light" color="gray" c="dark.7">
              {t(`api.scopes.${scope.replace('.', '_')}`)}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {token.kind === 'integration' && `${t('api.tokens.actsAs', { name: token.owner })} · `}
          {t('api.tokens.expiresOn', { date: formatDate(token.expiresAt, lang) })}
          {' · '}
          {token.lastUsedAt
            ? t('api.tokens.lastUsed', { date: formatDateTime(token.lastUsedAt, lang) })
            : t('api.tokens.neverUsed')}
        </Text>
      </Stack>
    </Card>
  );
}

/** The tokens of one kind: the list, making one (shown once), revoking one. */
export function TokensPanel({ kind, tokens }: { kind: ApiTokenKind; tokens: ApiToken[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: async (token: ApiToken) => {
      const sure = await confirmAsync({
        title: t('api.tokens.revokeTitle'),
        message: t('api.tokens.revokeConfirm', { name: token.name }),
        confirm: t('api.tokens.revoke'),
        danger: true,
      });
      if (!sure) return false;
      await revokeToken(token.id);
      return true;
    },
    onSuccess: (done) => {
      if (!done) return;
      notify('success', t('api.tokens.revoked'));
      void queryClient.invalidateQueries({ queryKey: apiKeys.tokens() });
    },
  });
  return (
    <Stack gap="sm" data-testid={`tokens-${kind}`}>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t(`api.tokens.${kind}.title`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`api.tokens.${kind}.intro`)}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          data-testid={`token-new-${kind}`}
        >
          {t('api.tokens.new')}
        </Button>
      </Group>
      {tokens.length === 0 ? (
        <Card withBorder padding="lg" radius="md">
          <Group gap="sm" wrap="nowrap">
            <IconKey size={20} aria-hidden />
            <Text>{t('api.tokens.empty')}</Text>
          </Group>
        </Card>
      ) : (
        tokens.map((token) => (
          <TokenCard
            key={token.id}
            token={token}
            onRevoke={() => revoke.mutate(token)}
            busy={revoke.isPending && revoke.variables?.id === token.id}
          />
        ))
      )}
      <TokenDialog kind={kind} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
