import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePathTo } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';

/** The end of a code flow: what happened, and the way to sign in. */
export function DoneCard({ title, text, email }: { title: string; text: string; email?: string }) {
  const { t } = useTranslation();
  const pathTo = usePathTo();
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  return (
    <AuthCard title={title}>
      <Alert color="teal" data-testid="code-done">
        {text}
      </Alert>
      <Button component={Link} to={`${pathTo('login')}${query}`} fullWidth>
        {t('common.toLogin')}
      </Button>
    </AuthCard>
  );
}
