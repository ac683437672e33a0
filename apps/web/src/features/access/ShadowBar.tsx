import { localizedPath } from '@app/domain';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../app/apiErrors';
import { sessionKeys, useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { useSignOut } from '../../app/useSignOut';
import { switchAccount } from '../session/api';
import { AccountSearchButton } from './AccountSearch';
import { confirmWrite } from './api';

/**
 * The super user's bar while visiting a customer's account: whose account it is, whether the visit is read-only or
 * may write, the confirmation that allows changes, another account, and the way back to their own account.
 * Every visit, the confirmation and the way out are in the customer's activity log.
 */
export function ShadowBar() {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const home = init.accounts.find((a) => a.id !== init.account.id) ?? null;
  const writable = init.membership.shadowWrite;
  const back = useMutation({
    mutationFn: switchAccount,
    onSuccess: () => window.location.assign(localizedPath('overview', lang)),
    onError: (error) => handleApiError(error),
  });
  const allow = useMutation({
    mutationFn: confirmWrite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.init }),
    onError: (error) => handleApiError(error),
  });
  if (!init.membership.shadow) return null;
  const askToAllow = () =>
    modals.openConfirmModal({
      title: t('access.shadow.confirmTitle'),
      children: <Text size="sm">{t('access.shadow.confirmText', { account: init.account.name })}</Text>,
      labels: { confirm: t('access.shadow.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange', 'data-testid': 'shadow-write-confirm' } as Record<string, unknown>,
      onConfirm: () => allow.mutate(),
    });
  return (
    <Paper
      role="region"
      aria-label={t('access.shadow.label')}
      data-testid="shadow-bar"
      data-writable={writable}
      px="sm"
      py={6}
      mb="sm"
      radius="sm"
      bg={writable ? 'orange.0' : 'violet.0'}
      style={{ border: `1px solid var(--mantine-color-${writable ? 'orange' : 'violet'}-3)` }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Badge
            color={writable ? 'orange' : 'violet'}
            variant="filled"
            leftSection={writable ? <IconPencil size={12} aria-hidden /> : <IconEye size={12} aria-hidden />}
            data-testid="shadow-mode"
          >
            {writable ? t('access.shadow.writable') : t('access.shadow.readOnly')}
          </Badge>
          <Text size="sm">{t('access.shadow.text', { account: init.account.name })}</Text>
        </Group>
        <Group gap={4} wrap="wrap">
          {!writable && (
            <Button size="compact-sm" variant="default" onClick={askToAllow} loading={allow.isPending}>
              {t('access.shadow.allow')}
            </Button>
          )}
          <AccountSearchButton />
          {home ? (
            <Button
              size="compact-sm"
              variant="filled"
              color="dark"
              onClick={() => back.mutate(home.id)}
              loading={back.isPending}
              data-testid="shadow-leave"
            >
              {t('access.shadow.leave', { account: home.name })}
            </Button>
          ) : (
            <Button size="compact-sm" variant="filled" color="dark" onClick={signOut} data-testid="shadow-leave">
              {t('nav.logout')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
