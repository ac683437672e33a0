import {
  DENIAL_MESSAGE_MAX_LENGTH,
  type InboxEntry,
  type Locale,
  SWAP_MESSAGE_MAX,
  VACATION_REASON_MAX_LENGTH,
} from '@app/contracts';
import { localizedPath } from '@app/domain';
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../app/notify';
import { queryClient } from '../../app/queryClient';
import { useLang } from '../../app/useLang';
import { formatDuration } from '../../ui/format';
import { formatDay } from '../notifications/text';
import { answer } from './api';

const COLOR: Record<InboxEntry['kind'], string> = {
  application: 'indigo',
  signOut: 'grape',
  swap: 'cyan',
  vacation: 'teal',
  hours: 'orange',
};

const span = (t: { from: string | null; until: string | null } | null) =>
  t?.from && t.until ? `${t.from}–${t.until}` : null;
const hoursOf = (minutes: number) => formatDuration(minutes);

/** Where the entry is answered in full: the roster's day, the request, the timesheet's approvals. */
function pageOf(entry: InboxEntry, lang: Locale): string {
  if (entry.kind === 'vacation') return localizedPath('vacationRequest', lang, { id: entry.target ?? '' });
  if (entry.kind === 'hours') return localizedPath('timesheet', lang, { page: 'approve' });
  return localizedPath('rosterLocation', lang, { location: entry.location?.id ?? '', date: entry.date });
}

/** One line of the inbox: who, what and when, and the answers this member may give (`can`). */
export function InboxRow({ entry }: { entry: InboxEntry }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [denying, setDenying] = useState(false);
  const [message, setMessage] = useState('');
  const mutation = useMutation({
    mutationFn: (v: { accept: boolean; message: string | null }) => answer(entry, v.accept, v.message),
    onSuccess: (_r, v) => {
      setDenying(false);
      notify('success', t(v.accept ? `inbox.accepted.${entry.kind}` : 'inbox.denied'));
      void queryClient.invalidateQueries();
    },
  });
  // Hours are denied with a reason the member reads; vacation and swaps may carry one; the roster's answers need none.
  const asksReason = entry.kind === 'hours' || entry.kind === 'vacation' || entry.kind === 'swap';
  const reasonRequired = entry.kind === 'hours';
  const deny = () => (asksReason ? setDenying(true) : mutation.mutate({ accept: false, message: null }));
  const who = entry.person.name ?? t('roster.hiddenName');
  const when =
    entry.until && entry.until !== entry.date
      ? `${formatDay(entry.date, lang)} – ${formatDay(entry.until, lang)}`
      : formatDay(entry.date, lang);
  const details: string[] = [];
  if (entry.kind === 'hours') {
    details.push(
      entry.planned && span(entry.planned) ? t('inbox.planned', { times: span(entry.planned) }) : t('inbox.unplanned'),
    );
    if (entry.registered)
      details.push(t('inbox.registered', { times: span(entry.registered), hours: hoursOf(entry.registered.minutes) }));
  } else if (entry.kind === 'vacation') {
    if (entry.days !== null) details.push(t('inbox.days', { count: entry.days }));
    if (entry.duration && entry.duration !== 'full') details.push(t(`inbox.duration.${entry.duration}`));
  } else if (span(entry.planned)) details.push(span(entry.planned) as string);
  if (entry.swap) {
    details.unshift(t('inbox.swapFrom', { name: entry.swap.from.name ?? t('roster.hiddenName') }));
    if (entry.swap.wanted)
      details.push(
        t('inbox.swapWanted', { date: formatDay(entry.swap.wanted.date, lang), duty: entry.swap.wanted.duty ?? '' }),
      );
    details.push(
      entry.swap.breaks.length
        ? entry.swap.breaks.map((b) => t(`swaps.breaks.${b}`)).join(', ')
        : t('inbox.swapNoBreak'),
    );
  }
  const where = [entry.duty, entry.location?.name].filter(Boolean).join(' · ');

  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid={`inbox-entry-${entry.kind}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Badge color={COLOR[entry.kind]} variant="light" size="sm">
              {t(`inbox.kind.${entry.kind}`)}
            </Badge>
            <Text fw={600} size="sm">
              {who}
            </Text>
            <Text size="sm">{when}</Text>
          </Group>
          {(details.length > 0 || where) && (
            <Text size="sm" c="dimmed" data-testid="inbox-details">
              {[...details, where].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {entry.can.accept && (
            <Button
              size="xs"
              color="teal.9"
              loading={mutation.isPending && mutation.variables?.accept === true}
              onClick={() => mutation.mutate({ accept: true, message: null })}
              data-testid="inbox-accept"
            >
              {t(`inbox.accept.${entry.kind}`)}
            </Button>
          )}
          {entry.can.deny && (
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={mutation.isPending && mutation.variables?.accept === false}
              onClick={deny}
              data-testid="inbox-deny"
            >
              {t('inbox.deny')}
            </Button>
          )}
          <Anchor component={Link} to={pageOf(entry, lang)} size="sm" data-testid="inbox-open">
            {t('inbox.open')}
          </Anchor>
        </Group>
      </Group>
      <Modal
        opened={denying}
        onClose={() => setDenying(false)}
        title={t('inbox.denyTitle', { name: who })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Textarea
            label={t('inbox.reason')}
            required={reasonRequired}
            value={message}
            maxLength={
              entry.kind === 'hours'
                ? DENIAL_MESSAGE_MAX_LENGTH
                : entry.kind === 'swap'
                  ? SWAP_MESSAGE_MAX
                  : VACATION_REASON_MAX_LENGTH
            }
            autosize
            minRows={3}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-testid="inbox-reason"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDenying(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={mutation.isPending}
              disabled={reasonRequired && !message.trim()}
              onClick={() => mutation.mutate({ accept: false, message: message.trim() || null })}
              data-testid="inbox-deny-confirm"
            >
              {t('inbox.deny')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
