import { Badge, Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { sessionKeys } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { disableTwoFactor } from '../auth/api';
import { profileKeys } from './api';

/** Two-factor sign-in: set it up, or turn it off with the password (refused where the role requires it). */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const pathTo = usePathTo();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  // Not useSchemaForm: the contract takes any password text (a wrong one is the server's 401); the form only asks for one.
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : t('validation.required')) },
  });
  const mutation = useMutation({
    mutationFn: (password: string) => disableTwoFactor(password),
    meta: { form, handled: (e) => e.status === 403 },
    onError: (error) => {
      if (isApiError(error) && error.status === 403) {
        close();
        notify('warning', t('twoFactor.requiredForRole'));
      }
    },
    onSuccess: () => {
      close();
      form.reset();
      void queryClient.invalidateQueries({ queryKey: profileKeys.own });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.init });
      notify('success', t('twoFactor.disabled'));
    },
  });

  return (
    <Card withBorder padding="lg" data-testid="two-factor-section">
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{t('twoFactor.title')}</Title>
          <Badge color={enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-status">
            {enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('twoFactor.explain')}
        </Text>
        <Group justify="flex-end">
          {enabled ? (
            <Button variant="default" color="red" onClick={open} data-testid="two-factor-disable">
              {t('twoFactor.turnOff')}
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${pathTo('twoFactorSetup')}?redirect=${encodeURIComponent(pathname)}`}
              data-testid="two-factor-enable"
            >
              {t('twoFactor.turnOn')}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title={t('twoFactor.turnOffTitle')} centered>
        <form onSubmit={form.onSubmit((v) => mutation.mutate(v.password))} noValidate>
          <Stack>
            <Text size="sm">{t('twoFactor.turnOffText')}</Text>
            <PasswordInput
              label={t('password.current')}
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={mutation.isPending}>
                {t('twoFactor.turnOff')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
