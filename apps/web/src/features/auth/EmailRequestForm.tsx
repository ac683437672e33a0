import { EmailRequest, type Locale } from '@app/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';
import { RouteLink } from '../../ui/RouteLink';
import { useSchemaForm } from '../../ui/useSchemaForm';

interface Props {
  title: string;
  intro: string;
  submitLabel: string;
  sentText: string;
  send: (email: string, locale: Locale) => Promise<unknown>;
  testId: string;
}

/** Asks for an e-mail address and sends a link to it; the answer never tells whether the address exists. */
export function EmailRequestForm({ title, intro, submitLabel, sentText, send, testId }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [search] = useSearchParams();
  const { form, body, fieldErrors } = useSchemaForm({
    schema: EmailRequest,
    initialValues: { email: search.get('email') ?? '' },
    toBody: (v) => ({ ...v, locale: lang }),
  });
  const mutation = useMutation({
    mutationFn: (email: string) => send(email, lang),
    meta: { form: fieldErrors },
  });

  return (
    <AuthCard title={title} intro={mutation.isSuccess ? undefined : intro}>
      {mutation.isSuccess ? (
        <Alert color="teal" data-testid={`${testId}-sent`}>
          {sentText}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((v) => mutation.mutate(body(v).email))} noValidate data-testid={testId}>
          <Stack>
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={mutation.isPending} fullWidth>
              {submitLabel}
            </Button>
          </Stack>
        </form>
      )}
      <RouteLink route="login" size="sm">
        {t('common.backToLogin')}
      </RouteLink>
    </AuthCard>
  );
}
