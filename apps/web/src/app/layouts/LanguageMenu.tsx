import { LOCALES } from '@app/contracts';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../useLang';
import { useSwitchLanguage } from '../useSwitchLanguage';

/** The language picker of the signed-in header. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const lang = useLang();
  const switchTo = useSwitchLanguage(true);
  return (
    <Menu shadow="md" position="bottom-end">
      <Menu.Target>
        {/* The name starts with the code it shows (WCAG 2.5.3, label in name): "EN – change language". */}
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t('nav.languageButton', { code: lang.toUpperCase() })}
          data-testid="language-menu"
        >
          {lang.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((l) => (
          <Menu.Item key={l} disabled={l === lang} onClick={() => switchTo(l)} data-testid={`language-${l}`}>
            {t(`languages.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
