import { TwoFactorCodeRequest } from '@app/contracts';
import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { isInvalidTwoFactor } from './api';
import { useFinishLogin } from './useFinishLogin';

/** The six-digit code of the authenticator app; a right code completes the sign-in. */
export function TwoFactorCodeForm({
  submit,
  submitLabel,
}: {
  submit: (code: string) => Promise<unknown>;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const { form, body, fieldErrors } = useSchemaForm({ schema: TwoFactorCodeRequest, initialValues: { code: '' } });
  const mutation = useMutation({
    mutationFn: (code: string) => submit(code),
    meta: { form: fieldErrors, handled: isInvalidTwoFactor },
    onError: (error) => {
      if (isApiError(error) && isInvalidTwoFactor(error)) form.setFieldError('code', t('errors.INVALID_2FA'));
    },
    onSuccess: finishLogin,
  });
  return (
    <form onSubmit={form.onSubmit((v) => mutation.mutate(body(v).code))} noValidate data-testid="two-factor-form">
      <Stack>
        <TextInput
          label={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-testid="two-factor-code"
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
