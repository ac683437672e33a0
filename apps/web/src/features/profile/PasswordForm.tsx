import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { validateNewPassword, validateRepeat } from '../../ui/passwordValidation';
import { changePassword } from './api';

/** Changing one's own password: the current one, then a new one that meets the rules. */
export function PasswordForm() {
  const { t } = useTranslation();
  // Not useSchemaForm: the new password is checked rule by rule (ui/passwordValidation) and its repeat has no contract.
  const form = useForm({
    initialValues: { current: '', password: '', repeat: '' },
    validate: {
      current: (v) => (v ? null : t('validation.required')),
      password: validateNewPassword,
      repeat: validateRepeat,
    },
  });
  const mutation = useMutation({
    mutationFn: (v: typeof form.values) => changePassword({ current: v.current, password: v.password }),
    meta: { form },
    onSuccess: () => {
      form.reset();
      notify('success', t('profile.passwordChanged'));
    },
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate data-testid="password-form">
        <Stack>
          <Title order={4}>{t('profile.passwordTitle')}</Title>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current')}
          />
          <NewPasswordFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
