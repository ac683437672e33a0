import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { AuthCard } from '../../ui/AuthCard';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { validateNewPassword, validateRepeat } from '../../ui/passwordValidation';
import { acceptInvitation, codeInfoQuery, isCodeFailure } from './api';
import { CodeFailure } from './CodeFailure';
import { DoneCard } from './DoneCard';

export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const info = useQuery(codeInfoQuery(code));
  // Not useSchemaForm: the new password is checked rule by rule (ui/passwordValidation) and its repeat has no contract.
  const form = useForm({
    initialValues: { fname: '', lname: '', password: '', repeat: '' },
    validate: { password: validateNewPassword, repeat: validateRepeat },
  });
  const mutation = useMutation({
    mutationFn: (v: typeof form.values) =>
      acceptInvitation(code, {
        password: v.password,
        fname: v.fname.trim() || undefined,
        lname: v.lname.trim() || undefined,
      }),
    meta: { form, handled: (e) => isCodeFailure(e.status) },
  });

  if (info.isPending) return <DelayedLoader />;
  if (info.isError) return <CodeFailure error={info.error} purpose="invitation" />;
  if (isApiError(mutation.error) && isCodeFailure(mutation.error.status))
    return <CodeFailure error={mutation.error} purpose="invitation" />;
  if (mutation.isSuccess)
    return (
      <DoneCard title={t('acceptInvitation.doneTitle')} text={t('acceptInvitation.done')} email={info.data.email} />
    );

  const account = info.data.accountName ?? t('acceptInvitation.unknownAccount');
  return (
    <AuthCard title={t('acceptInvitation.title', { account })}>
      <Text size="sm" data-testid="invitation-info">
        {t('acceptInvitation.intro', { account, email: info.data.email })}
      </Text>
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate data-testid="accept-invitation">
        <Stack>
          <Group grow>
            <TextInput label={t('profile.fname')} autoComplete="given-name" {...form.getInputProps('fname')} />
            <TextInput label={t('profile.lname')} autoComplete="family-name" {...form.getInputProps('lname')} />
          </Group>
          <NewPasswordFields form={form} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('acceptInvitation.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
