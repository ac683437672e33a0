import { type RegisterRequest, TRIAL_DAYS } from '@app/contracts';
import { Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLang, usePathTo } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';
import { PasswordRules } from '../../ui/PasswordRules';
import { validateNewPassword } from '../../ui/passwordValidation';
import { RouteLink } from '../../ui/RouteLink';
import { register } from './api';
import { CheckMailCard } from './CheckMailCard';

type Values = Omit<RegisterRequest, 'locale'>;

/** A company signs up: the person, the company, the sign-in and the two agreements (docs/product/signup.md). */
export default function RegisterPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const pathTo = usePathTo();
  const [search, setSearch] = useSearchParams();
  const required = (v: string) => (v.trim() ? null : t('validation.required'));
  // Not useSchemaForm: the new password is checked rule by rule (ui/passwordValidation), and the two consents have their own words.
  const form = useForm<Values>({
    initialValues: {
      fname: '',
      lname: '',
      companyName: '',
      email: search.get('email') ?? '',
      password: '',
      acceptTerms: false,
      acceptDpa: false,
    },
    validate: {
      fname: required,
      lname: required,
      companyName: required,
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('validation.email')),
      password: validateNewPassword,
      acceptTerms: (v) => (v ? null : t('signup.acceptTermsRequired')),
      acceptDpa: (v) => (v ? null : t('signup.acceptDpaRequired')),
    },
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => register({ ...values, email: values.email.trim(), locale: lang }),
    meta: { form },
    // The page after sending keeps the address in the URL, so a reload still says where the link went.
    onSuccess: (_, values) => setSearch({ sent: values.email.trim() }, { replace: true }),
  });

  const sentTo = search.get('sent');
  if (sentTo) return <CheckMailCard email={sentTo} />;

  // The texts open beside the form, so nothing typed is lost.
  const link = (route: string) => <Anchor component={Link} to={pathTo(route)} target="_blank" inherit />;

  return (
    <AuthCard title={t('signup.title')} intro={t('signup.intro', { days: TRIAL_DAYS })}>
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate data-testid="register-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('signup.fname')}
              autoComplete="given-name"
              required
              data-testid="register-fname"
              {...form.getInputProps('fname')}
            />
            <TextInput
              label={t('signup.lname')}
              autoComplete="family-name"
              required
              data-testid="register-lname"
              {...form.getInputProps('lname')}
            />
          </SimpleGrid>
          <TextInput
            label={t('signup.companyName')}
            autoComplete="organization"
            required
            data-testid="register-company"
            {...form.getInputProps('companyName')}
          />
          <TextInput
            label={t('signup.email')}
            description={t('signup.emailHint')}
            type="email"
            autoComplete="email"
            required
            data-testid="register-email"
            {...form.getInputProps('email')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t('signup.password')}
              autoComplete="new-password"
              required
              data-testid="register-password"
              {...form.getInputProps('password')}
            />
            <PasswordRules password={form.values.password} />
          </Stack>
          <Checkbox
            data-testid="register-terms"
            label={<Trans t={t} i18nKey="signup.acceptTerms" components={{ terms: link('terms') }} />}
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Checkbox
            data-testid="register-dpa"
            label={<Trans t={t} i18nKey="signup.acceptDpa" components={{ dpa: link('privacy') }} />}
            {...form.getInputProps('acceptDpa', { type: 'checkbox' })}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth mt="xs" data-testid="register-submit">
            {t('signup.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('signup.trialNote', { days: TRIAL_DAYS })}
          </Text>
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t('signup.haveAccount')}{' '}
              <RouteLink route="login" data-testid="link-login">
                {t('common.toLogin')}
              </RouteLink>
            </Text>
            <RouteLink route="demo" size="sm" data-testid="link-demo">
              {t('signup.tryDemo')}
            </RouteLink>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
