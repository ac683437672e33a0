import { publicSwitchLocales } from '@app/domain';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { storeLocale, translatePath } from '../locale';
import { useLang } from '../useLang';

/** The DE / NL / EN switch of the public pages (with PL for a Polish reader); it keeps the page. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const shown = publicSwitchLocales(lang, navigator.languages ?? [navigator.language]);
  return (
    <Group gap={4} role="group" aria-label={t('nav.language')}>
      {shown.map((l) => (
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
