import type { ModuleState } from '@app/contracts';
import { Card, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  module: ModuleState;
  /** Switched-on modules that need this one: it cannot be switched off while they are on. */
  activeDependents: readonly string[];
  busy: boolean;
  /** The member may not make this switch (the modules policy): it shows the state only. */
  locked: boolean;
  onToggle: (on: boolean) => void;
}

/** One module: name, description, what it needs and what needs it, and its switch. */
export function ModuleRow({ module, activeDependents, busy, locked, onToggle }: Props) {
  const { t } = useTranslation();
  const names = (keys: readonly string[]) => keys.map((k) => t(`modules.${k}.name`)).join(', ');
  return (
    <Card withBorder padding="md" data-testid={`module-${module.key}`} data-active={module.active}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{t(`modules.${module.key}.name`)}</Text>
          <Text size="sm" c="dimmed">
            {t(`modules.${module.key}.description`)}
          </Text>
          {module.requires.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('modulesPage.requires', { modules: names(module.requires) })}
            </Text>
          )}
          {module.dependents.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('modulesPage.dependents', { modules: names(module.dependents) })}
            </Text>
          )}
          {module.active && activeDependents.length > 0 && (
            <Text size="xs" c="gray.8" fw={500} data-testid={`module-in-use-${module.key}`}>
              {t('modulesPage.inUse', { modules: names(activeDependents) })}
            </Text>
          )}
          {module.needsConfiguring && (
            <Text size="xs" c="orange.9" fw={500} data-testid={`module-needs-configuring-${module.key}`}>
              {t('modulesPage.needsConfiguring')}
            </Text>
          )}
        </Stack>
        <Switch
          checked={module.active}
          disabled={busy || locked}
          onChange={(e) => onToggle(e.currentTarget.checked)}
          aria-label={t(`modules.${module.key}.name`)}
          data-testid={`module-switch-${module.key}`}
        />
      </Group>
    </Card>
  );
}
