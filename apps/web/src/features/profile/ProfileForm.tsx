import { LOCALES, type Locale, type OwnProfile, OwnProfileUpdate } from '@app/contracts';
import { lockedOwnChanges } from '@app/domain';
import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { sessionKeys } from '../../app/session';
import { useSwitchLanguage } from '../../app/useSwitchLanguage';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { profileKeys, updateProfile } from './api';

/** Name (once set, it stays) and language; the save bar appears when something differs from what is stored (Ctrl/Cmd+S saves). */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const switchLanguage = useSwitchLanguage(false);
  // One's own name stays once set (the server asks the same rule): nobody renames themself into a colleague.
  const [lockedName, lockedLast] = (['fname', 'lname'] as const).map((f) =>
    lockedOwnChanges(profile, { ...profile, [f]: '' }).includes(f),
  );
  const { form, body, fieldErrors } = useSchemaForm({
    schema: OwnProfileUpdate,
    initialValues: { fname: profile.fname, lname: profile.lname, locale: profile.locale as Locale },
  });
  const mutation = useMutation({
    mutationFn: (values: typeof form.values) => updateProfile(body(values)),
    meta: { form: fieldErrors },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.own, saved);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.init });
      form.setInitialValues({ fname: saved.fname, lname: saved.lname, locale: saved.locale });
      form.reset();
      notify('success', t('profile.saved'));
      if (saved.locale !== profile.locale) switchLanguage(saved.locale);
    },
  });
  const save = form.onSubmit((values) => mutation.mutate(values));
  useHotkeys([['mod+S', () => form.isDirty() && save()]], []);

  return (
    <Card withBorder padding="lg">
      <form onSubmit={save} noValidate data-testid="profile-form">
        <Stack>
          <Title order={4}>{t('profile.basics')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.fname')}
              required
              autoComplete="given-name"
              disabled={lockedName}
              description={lockedName ? t('profile.nameLockedHint') : undefined}
              {...form.getInputProps('fname')}
            />
            <TextInput
              label={t('profile.lname')}
              required
              autoComplete="family-name"
              disabled={lockedLast}
              {...form.getInputProps('lname')}
            />
          </SimpleGrid>
          <TextInput label={t('profile.email')} value={profile.email} disabled readOnly />
          <Select
            label={t('profile.language')}
            data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            allowDeselect={false}
            data-testid="profile-language"
            {...form.getInputProps('locale')}
          />
          {form.isDirty() && (
            <Group justify="flex-end" data-testid="profile-save-bar">
              <Button variant="default" onClick={() => form.reset()}>
                {t('common.reset')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
