import { hasModule, localizedPath, mayOpenApiAccess, memberFromInit } from '@app/domain';
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconApi, IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess, useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { AvatarEditor } from '../avatars/AvatarEditor';
import { DossierPanel } from '../dossiers/DossierPanel';
import { profileQuery } from './api';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { StaffFile } from './staffFile/StaffFile';
import { TwoFactorSection } from './TwoFactorSection';

export default function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useQuery(profileQuery);
  const lang = useLang();
  const dossiersOn = hasModule(useAccess(), 'dossiers');
  if (!profile.data) return profile.isPending ? <DelayedLoader /> : null;
  return (
    <Stack data-testid="profile-page">
      <PageTitle title={t('profile.title')} subtitle={profile.data.email} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <AvatarEditor membershipId={session.membership.id} fname={session.user.fname} lname={session.user.lname} />
          </Paper>
          <ProfileForm profile={profile.data} />
        </Stack>
        <Stack gap="lg">
          <PasswordForm />
          <TwoFactorSection enabled={profile.data.twoFactor} />
          <Paper withBorder p="md" radius="md" data-testid="profile-notifications">
            <Stack gap="xs" align="flex-start">
              <Title order={4}>{t('profile.notifications.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('profile.notifications.text')}
              </Text>
              <Button
                component={Link}
                to={localizedPath('notifications', lang)}
                variant="light"
                leftSection={<IconBell size={16} aria-hidden />}
              >
                {t('profile.notifications.open')}
              </Button>
            </Stack>
          </Paper>
          {mayOpenApiAccess(memberFromInit(session)) && (
            <Paper withBorder p="md" radius="md" data-testid="profile-api">
              <Stack gap="xs" align="flex-start">
                <Title order={4}>{t('profile.api.title')}</Title>
                <Text size="sm" c="dimmed">
                  {t('profile.api.text')}
                </Text>
                <Button
                  component={Link}
                  to={localizedPath('apiAccess', lang)}
                  variant="light"
                  leftSection={<IconApi size={16} aria-hidden />}
                  data-testid="profile-api-open"
                >
                  {t('profile.api.open')}
                </Button>
              </Stack>
            </Paper>
          )}
        </Stack>
      </SimpleGrid>
      <Title order={2} size="h3" mt="md">
        {t('profileForm.title')}
      </Title>
      <StaffFile membershipId={session.membership.id} />
      {/* The entries of the member's dossier shared with them (docs/product/dossiers.md). */}
      {dossiersOn && <DossierPanel membershipId={session.membership.id} />}
    </Stack>
  );
}
