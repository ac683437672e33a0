import type { UndeliveredMail } from '@app/contracts';
import { Alert, Badge, Button, Card, Code, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { useLang } from '../../../app/useLang';
import { formatDateTime } from '../../../ui/format';
import { mailDeliveryQuery, resendAllMail, resendMail, settingsKeys } from '../api';
import { SectionSkeleton } from './Loading';

const when = (iso: string, lang: string) => formatDateTime(iso, lang);

/** One mail that did not arrive: to whom, what, how delivery went, and sending it again. */
function MailCard({ mail, onResend, busy }: { mail: UndeliveredMail; onResend: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card withBorder padding="md" radius="md" data-testid="mail-row" data-status={mail.status} data-to={mail.to}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {mail.to}
            </Text>
            <Text size="sm">{mail.subject}</Text>
          </Stack>
          {/* Dark text on the light tint: yellow's own shade is too pale to read on it. */}
          <Badge
            color={mail.status === 'failed' ? 'red' : 'yellow'}
            c={mail.status === 'failed' ? 'red.9' : 'dark.7'}
            variant="light"
            style={{ flexShrink: 0 }}
          >
            {t(`settings.mail.status.${mail.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('settings.mail.written', { date: when(mail.createdAt, lang) })}
          {' · '}
          {t('settings.mail.attempts', { count: mail.attempts })}
          {mail.lastAttemptAt && ` · ${t('settings.mail.lastAttempt', { date: when(mail.lastAttemptAt, lang) })}`}
          {mail.nextAttemptAt && ` · ${t('settings.mail.nextAttempt', { date: when(mail.nextAttemptAt, lang) })}`}
        </Text>
        <Text size="sm">
          {t('settings.mail.lastError')} <Code style={{ overflowWrap: 'anywhere' }}>{mail.lastError}</Code>
        </Text>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailForward size={14} aria-hidden />}
            onClick={onResend}
            loading={busy}
            aria-label={t('settings.mail.resendTo', { to: mail.to })}
            data-testid="mail-resend"
          >
            {t('settings.mail.resend')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Mail delivery: the account's mails that did not arrive (refused for good, or still being retried after a failure;
 * delivery is retried for five days), each with how delivery went and a button to send it again.
 */
export default function MailSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery(mailDeliveryQuery(page));
  const done = ({ count }: { count: number }) => {
    notify('success', t('settings.mail.resent', { count }));
    void queryClient.invalidateQueries({ queryKey: settingsKeys.section('mail') });
  };
  const one = useMutation({ mutationFn: resendMail, onSuccess: done });
  const all = useMutation({ mutationFn: resendAllMail, onSuccess: done });
  if (!query.data) return <SectionSkeleton rows={2} />;
  const { mails, paging, delivers } = query.data;
  const pages = Math.max(1, Math.ceil(paging.total / paging.size));

  return (
    <Stack gap="md" data-testid="settings-mail">
      {!delivers && (
        <Alert color="gray" title={t('settings.mail.keptTitle')} data-testid="mail-kept">
          {t('settings.mail.kept')}
        </Alert>
      )}
      {mails.length === 0 ? (
        <Card withBorder padding="lg" radius="md" data-testid="mail-empty">
          <Group gap="sm" wrap="nowrap">
            <IconMailCheck size={20} aria-hidden />
            <Text>{t('settings.mail.empty')}</Text>
          </Group>
        </Card>
      ) : (
        <>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('settings.mail.count', { count: paging.total })}
            </Text>
            <Button
              leftSection={<IconMailForward size={16} aria-hidden />}
              onClick={() => all.mutate()}
              loading={all.isPending}
              data-testid="mail-resend-all"
            >
              {t('settings.mail.resendAll')}
            </Button>
          </Group>
          {mails.map((mail) => (
            <MailCard
              key={mail.id}
              mail={mail}
              onResend={() => one.mutate(mail.id)}
              busy={one.isPending && one.variables === mail.id}
            />
          ))}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`settings.mail.pages.${control}`) })}
                data-testid="mail-pages"
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
