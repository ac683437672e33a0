import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { AvatarEditor } from '../avatars/AvatarEditor';
import { profileQuery } from './api';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { StaffFile } from './staffFile/StaffFile';
import { TwoFactorSection } from './TwoFactorSection';

export default function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useQuery(profileQuery);
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
        </Stack>
      </SimpleGrid>
      <Title order={2} size="h3" mt="md">
        {t('profileForm.title')}
      </Title>
      <StaffFile membershipId={session.membership.id} />
    </Stack>
  );
}
