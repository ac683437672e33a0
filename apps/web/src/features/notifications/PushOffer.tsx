import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { queryClient } from '../../app/queryClient';
import './notifications.css';
import { currentPushSubscription, enablePush, pushSupported, settingsQuery } from './api';
import { PUSH_OFFER_KEY, shouldOfferPush } from './pushOffer';

const answered = () => {
  try {
    return window.localStorage.getItem(PUSH_OFFER_KEY) !== null;
  } catch {
    return false;
  }
};
const answer = (value: 'later' | 'allowed') => {
  try {
    window.localStorage.setItem(PUSH_OFFER_KEY, value);
  } catch {}
};

/**
 * The offer of push messages with one "allow", shown once the member has seen a released roster with a duty of
 * theirs (`seen`) or applied for an open duty (`applied`), not on the first load (docs/product/notifications.md, "Push messages"). The defaults send every
 * event as a push; the notifications page (also from the profile) changes them.
 */
export function PushOffer({ seen, applied = false }: { seen: boolean; applied?: boolean }) {
  const { t } = useTranslation();
  const supported = pushSupported();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [done, setDone] = useState(answered);
  const [denied, setDenied] = useState(false);
  // Subscribing is a write: its pending state is the mutation's; its failure is worded here.
  const allowing = useMutation({
    mutationFn: async () => {
      const { pushKey } = await queryClient.fetchQuery(settingsQuery);
      return enablePush(pushKey);
    },
    onSuccess: (result) => {
      if (result === 'denied') {
        setDenied(true);
        return;
      }
      answer('allowed');
      setDone(true);
      notify('success', t('notifications.offer.done'));
    },
    onError: () => notify('error', t('notifications.push.failed')),
    meta: { handled: () => true },
  });
  useEffect(() => {
    if (!supported || !(seen || applied) || done) return;
    let live = true;
    currentPushSubscription()
      .then((s) => live && setSubscribed(Boolean(s)))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [supported, seen, applied, done]);

  const offered =
    denied ||
    shouldOfferPush({
      supported,
      permission: supported ? Notification.permission : 'denied',
      subscribed,
      answered: done,
      seenReleasedDuty: seen,
      appliedForDuty: applied,
    });
  if (!offered) return null;

  const allow = () => allowing.mutate();
  const later = () => {
    answer('later');
    setDenied(false);
    setDone(true);
  };

  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      className="push-offer"
      data-testid="push-offer"
      aria-labelledby="push-offer-title"
      component="section"
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
          <IconBell size={18} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} size="sm" id="push-offer-title">
            {t('notifications.offer.title')}
          </Text>
          <Text size="sm">
            {denied
              ? t('notifications.push.denied')
              : t(applied && !seen ? 'notifications.offer.textApplied' : 'notifications.offer.text')}
          </Text>
          <Group gap="xs">
            {!denied && (
              <Button size="xs" loading={allowing.isPending} onClick={allow} data-testid="push-offer-allow">
                {t('notifications.offer.allow')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={later} data-testid="push-offer-later">
              {denied ? t('common.close') : t('notifications.offer.later')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
