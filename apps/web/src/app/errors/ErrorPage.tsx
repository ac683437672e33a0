import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppErrorKind } from '../appError';
import { currentLocale, loginPath } from '../navigation';
import { logout } from '../session';

const STATUS: Partial<Record<AppErrorKind, string>> = {
  forbidden: '403',
  notFound: '404',
  timeout: '408',
  maintenance: '503',
};

type Action = 'reload' | 'home' | 'signIn';

const ACTIONS: Record<AppErrorKind, Action[]> = {
  forbidden: ['home', 'signIn'],
  notFound: ['home'],
  timeout: ['reload', 'home'],
  maintenance: ['reload'],
  generic: ['reload', 'home'],
  cookies: ['reload'],
  tokenMismatch: ['reload', 'signIn'],
  decrypt: ['reload', 'signIn'],
};

/** One screen for each failure of docs/product/app.md (403, 404, 408, 503, generic, cookies, token, decrypt). */
export function ErrorPage({ kind, fullPage = false }: { kind: AppErrorKind; fullPage?: boolean }) {
  const { t } = useTranslation();
  const title = t(`errorPages.${kind}.title`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  const signInAgain = async () => {
    await logout();
    window.location.assign(loginPath(currentLocale(), null));
  };

  return (
    <Center
      mih={fullPage ? '100vh' : '60vh'}
      p="md"
      data-testid={kind === 'maintenance' ? 'maintenance-page' : `error-${kind}`}
    >
      <Stack align="center" gap="md" maw={520} ta="center">
        {STATUS[kind] && (
          <Text fz={64} fw={800} c="dimmed" lh={1}>
            {STATUS[kind]}
          </Text>
        )}
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{t(`errorPages.${kind}.text`)}</Text>
        <Group justify="center">
          {ACTIONS[kind].map((action) => {
            if (action === 'reload')
              return (
                <Button key={action} onClick={() => window.location.reload()} data-testid="reload">
                  {t('common.reload')}
                </Button>
              );
            if (action === 'home')
              return (
                <Button key={action} variant="light" component="a" href={`/${currentLocale()}`} data-testid="go-home">
                  {t('errorPages.home')}
                </Button>
              );
            return (
              <Button key={action} variant="default" onClick={signInAgain} data-testid="sign-in-again">
                {t('errorPages.signInAgain')}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </Center>
  );
}

export const NotFoundPage = () => <ErrorPage kind="notFound" />;
export const ForbiddenPage = () => <ErrorPage kind="forbidden" />;
