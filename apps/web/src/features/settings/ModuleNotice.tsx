import { SETTINGS_SECTION_MODULE, SETTINGS_SECTIONS_NEED_MODULE, type SettingsSection } from '@app/domain';
import { Alert } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouteLink } from '../../ui/RouteLink';

/** Says that the module a page configures is switched off, and where to switch it on. */
export function ModuleNotice({ section }: { section: SettingsSection }) {
  const { t } = useTranslation();
  const module = SETTINGS_SECTION_MODULE[section];
  if (!module) return null;
  const name = t(`modules.${module}.name`);
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconPlugConnected size={18} aria-hidden />}
      title={t('settings.moduleOff.title', { module: name })}
      data-testid="settings-module-off"
    >
      {t(SETTINGS_SECTIONS_NEED_MODULE.has(section) ? 'settings.moduleOff.needed' : 'settings.moduleOff.prepare', {
        module: name,
      })}{' '}
      <RouteLink route="modules" size="sm" c="blue.9" underline="always">
        {t('settings.moduleOff.link')}
      </RouteLink>
    </Alert>
  );
}
