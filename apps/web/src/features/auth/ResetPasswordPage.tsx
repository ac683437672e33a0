import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { AuthCard } from '../../ui/AuthCard';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { validateNewPassword, validateRepeat } from '../../ui/passwordValidation';
import { codeInfoQuery, isCodeFailure, resetPassword } from './api';
import { CodeFailure } from './CodeFailure';
import { DoneCard } from './DoneCard';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const info = useQuery(codeInfoQuery(code));
  // Not useSchemaForm: the new password is checked rule by rule (ui/passwordValidation) and its repeat has no contract.
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: { password: validateNewPassword, repeat: validateRepeat },
  });
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(code, password),
    meta: { form, handled: (e) => isCodeFailure(e.status) },
  });

  if (info.isPending) return <DelayedLoader />;
  if (info.isError) return <CodeFailure error={info.error} purpose="reset" />;
  if (isApiError(mutation.error) && isCodeFailure(mutation.error.status))
    return <CodeFailure error={mutation.error} purpose="reset" />;
  if (mutation.isSuccess)
    return <DoneCard title={t('resetPassword.doneTitle')} text={t('resetPassword.done')} email={info.data.email} />;

  return (
    <AuthCard title={t('resetPassword.title')}>
      <Text size="sm">{t('resetPassword.intro', { email: info.data.email })}</Text>
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v.password))} noValidate data-testid="reset-password">
        <Stack>
          <NewPasswordFields form={form} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
