import type { Locale } from '@app/contracts';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { storeLocale, translatePath } from '../locale';
import { useLang } from '../useLang';

const SHOWN: Locale[] = ['de', 'nl', 'en'];

/** The DE / NL / EN switch of the public pages; it keeps the page. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  return (
    <Group gap={4} role="group" aria-label={t('nav.language')}>
      {SHOWN.map((l) => (
        <Button
          key={l}
          component={Link}
          to={`${translatePath(location.pathname, l)}${location.search}`}
          onClick={() => storeLocale(l)}
          size="compact-sm"
          variant={l === lang ? 'filled' : 'subtle'}
          aria-current={l === lang ? 'true' : undefined}
          title={t(`languages.${l}`)}
          data-testid={`lang-${l}`}
        >
          {l.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
