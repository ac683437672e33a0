import { LoginRequest } from '@app/contracts';
import { Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type ApiError, isApiError } from '../../app/api';
import { useLang, usePathTo } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';
import { RouteLink } from '../../ui/RouteLink';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { login } from './api';
import { LoginErrorAlert } from './LoginErrorAlert';
import { useFinishLogin, useRedirectQuery } from './useFinishLogin';

/** Sign-in refusals the form words itself (wrong password, throttled, unconfirmed, inactive, ...). */
const handledByForm = (e: ApiError) => e.status === 401 || e.status === 403 || e.status === 429;

export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const pathTo = usePathTo();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirectQuery = useRedirectQuery();
  const finishLogin = useFinishLogin();
  const { form, body, fieldErrors } = useSchemaForm({
    schema: LoginRequest,
    initialValues: { email: search.get('email') ?? '', password: '' },
    toBody: (values) => ({ ...values, locale: lang }),
  });
  const mutation = useMutation({
    mutationFn: (values: typeof form.values) => login(body(values)),
    meta: { handled: handledByForm, form: fieldErrors },
    onSuccess: async (response) => {
      if (response.twoFactor === 'verify') navigate(`${pathTo('twoFactorVerify')}${redirectQuery}`);
      else if (response.twoFactor === 'setup') navigate(`${pathTo('twoFactorSetup')}${redirectQuery}`);
      else await finishLogin();
    },
  });
  const refusal = isApiError(mutation.error) && handledByForm(mutation.error) ? mutation.error : null;

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate data-testid="login-form">
        <Stack>
          {refusal && <LoginErrorAlert error={refusal} email={form.values.email.trim()} />}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            data-testid="login-email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            data-testid="login-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Group justify="space-between">
            <RouteLink route="forgotPassword" size="sm" data-testid="link-forgot-password">
              {t('login.forgotPassword')}
            </RouteLink>
            <RouteLink route="requestConfirmation" size="sm" data-testid="link-request-confirmation">
              {t('login.resendConfirmation')}
            </RouteLink>
          </Group>
          <Divider />
          <Text size="sm" ta="center">
            {t('signup.newHere')}{' '}
            <RouteLink route="register" fw={600} data-testid="link-register">
              {t('signup.createAccount')}
            </RouteLink>
            {' · '}
            <RouteLink route="demo" data-testid="link-demo">
              {t('signup.tryDemo')}
            </RouteLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
