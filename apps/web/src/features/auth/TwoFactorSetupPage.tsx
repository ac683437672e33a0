import { Anchor, Center, Code, Image, List, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/navigation';
import { sessionKeys } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { RouteLink } from '../../ui/RouteLink';
import { confirmTwoFactorSetup, twoFactorSetupQuery } from './api';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

export default function TwoFactorSetupPage() {
  const { t } = useTranslation();
  const setup = useQuery(twoFactorSetupQuery);
  const pathTo = usePathTo();
  const [search] = useSearchParams();
  // Members who are already signed in come here from their profile and may go back there.
  const signedIn = useQueryClient().getQueryData(sessionKeys.init) !== undefined;
  const back = safeRedirect(search.get('redirect')) ?? pathTo('profile');
  return (
    <AuthCard title={t('twoFactor.setupTitle')} intro={t('twoFactor.setupIntro')}>
      {setup.isPending && <DelayedLoader />}
      {setup.data && (
        <Stack>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>{t('twoFactor.stepInstall')}</List.Item>
            <List.Item>{t('twoFactor.stepScan')}</List.Item>
            <List.Item>{t('twoFactor.stepCode')}</List.Item>
          </List>
          <Center>
            <Image src={setup.data.qrDataUrl} alt={t('twoFactor.qrAlt')} w={200} h={200} data-testid="two-factor-qr" />
          </Center>
          <Text size="sm">{t('twoFactor.secretHint')}</Text>
          <Code block data-testid="two-factor-secret">
            {setup.data.secret}
          </Code>
          <TwoFactorCodeForm submit={confirmTwoFactorSetup} submitLabel={t('twoFactor.activate')} />
        </Stack>
      )}
      {signedIn ? (
        <Anchor component={Link} to={back} size="sm">
          {t('common.cancel')}
        </Anchor>
      ) : (
        <RouteLink route="logout" size="sm">
          {t('common.backToLogin')}
        </RouteLink>
      )}
    </AuthCard>
  );
}
