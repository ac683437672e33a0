import { mayCreatePersonalTokens, mayManageIntegrations, memberFromInit } from '@app/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { tokensQuery, webhooksQuery } from './api';
import { TokensPanel } from './TokensPanel';
import { WebhooksPanel } from './WebhooksPanel';

/**
 * The API page (docs/product/api.md): the member's personal tokens, and for owners the account's integration tokens
 * and webhook endpoints. The route guard lets in only who may use one of them.
 */
export default function ApiAccessPage() {
  const { t } = useTranslation();
  const member = memberFromInit(useSession());
  const personal = mayCreatePersonalTokens(member);
  const owner = mayManageIntegrations(member);
  const tokens = useQuery(tokensQuery);
  const webhooks = useQuery({ ...webhooksQuery, enabled: owner });
  if (!tokens.data || (owner && !webhooks.data)) return <DelayedLoader />;
  return (
    <Stack gap="xl" data-testid="api-page">
      <PageTitle title={t('api.title')} subtitle={t('api.intro')} />
      <Text size="sm">
        {t('api.docs')}{' '}
        <Anchor href="/api/docs" target="_blank" rel="noreferrer">
          /api/docs
        </Anchor>
      </Text>
      {owner && <TokensPanel kind="integration" tokens={tokens.data.integration} />}
      {personal && <TokensPanel kind="personal" tokens={tokens.data.personal} />}
      {owner && webhooks.data && <WebhooksPanel endpoints={webhooks.data} />}
    </Stack>
  );
}
