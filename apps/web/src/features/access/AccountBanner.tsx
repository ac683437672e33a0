import { localizedPath, now } from '@app/domain';
import { Anchor, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { formatLongDate } from '../../ui/format';
import { accountBanner, dismissKey } from './banner';

const readDismissed = (key: string) => {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

/**
 * The owner's line about the account's time at the top of every page: the trial's days left with a way to
 * subscribe, a demo's days left, the day a cancelled account stays usable until. Dismissed for the day.
 */
export function AccountBannerBar() {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const at = now();
  const banner = accountBanner(init, at);
  const key = banner ? dismissKey(init.account.id, banner, at.toISOString().slice(0, 10)) : '';
  const [dismissed, setDismissed] = useState(() => (key ? readDismissed(key) : true));
  if (!banner || dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Without storage it is dismissed until the next load.
    }
    setDismissed(true);
  };
  const date = (iso: string) => formatLongDate(iso, lang, init.account.settings.timeZone);
  const text =
    banner.kind === 'trial'
      ? t('access.banner.trial', { count: banner.days })
      : banner.kind === 'demo'
        ? t('access.banner.demo', { count: banner.days })
        : t('access.banner.cancelled', { date: date(banner.until) });
  const urgent = banner.kind !== 'cancelled' && banner.days <= 3;
  return (
    <Paper
      role="status"
      data-testid="account-banner"
      data-kind={banner.kind}
      px="sm"
      py={6}
      mb="sm"
      radius="sm"
      bg={urgent ? 'orange.0' : 'blue.0'}
      style={{ border: `1px solid var(--mantine-color-${urgent ? 'orange' : 'blue'}-2)` }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {text}
          </Text>
          {banner.kind !== 'demo' && (
            <Anchor
              component={Link}
              to={localizedPath('subscription', lang)}
              size="sm"
              fw={600}
              data-testid="account-banner-subscribe"
            >
              {banner.kind === 'trial' ? t('access.banner.subscribe') : t('access.banner.manage')}
            </Anchor>
          )}
        </Group>
        <CloseButton size="sm" aria-label={t('access.banner.dismiss')} onClick={dismiss} />
      </Group>
    </Paper>
  );
}
