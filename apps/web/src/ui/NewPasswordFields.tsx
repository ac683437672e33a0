import { PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from './PasswordRules';

interface NewPassword {
  password: string;
  repeat: string;
}

/** A new password, its repetition, and the rules it must meet. */
export function NewPasswordFields<T extends NewPassword>({ form }: { form: UseFormReturnType<T> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <PasswordInput
        label={t('password.new')}
        autoComplete="new-password"
        required
        data-testid="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordRules password={form.values.password} />
      <PasswordInput
        label={t('password.repeat')}
        autoComplete="new-password"
        required
        data-testid="repeat-password"
        {...form.getInputProps('repeat')}
      />
    </Stack>
  );
}
