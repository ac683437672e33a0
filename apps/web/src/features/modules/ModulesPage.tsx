import type { ModuleKey, ModuleState, ModulesResponse } from '@app/contracts';
import { memberFromInit, moduleToggleRefusal, toggleModule } from '@app/domain';
import { List, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { sessionKeys, useSession } from '../../app/session';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { moduleKeys, modulesQuery, setModuleActive } from './api';
import { ModuleRow } from './ModuleRow';

const activeKeys = (data: ModulesResponse) => data.modules.filter((m) => m.active).map((m) => m.key);
const isDependentsConflict = (e: ApiError) => e.status === 409 && e.code === 'MODULE_DEPENDENTS';

/**
 * Every module with its switch; switching on brings what it requires, switching off is refused while needed. A
 * switch the member may not make (docs/product/modules.md) is disabled, and a note says who makes it.
 */
export default function ModulesPage() {
  const { t } = useTranslation();
  const init = useSession();
  const member = useMemo(() => memberFromInit(init), [init]);
  const queryClient = useQueryClient();
  const modules = useQuery(modulesQuery);
  const names = (keys: readonly string[]) => keys.map((k) => t(`modules.${k}.name`)).join(', ');

  /** The refusal names the switched-on modules that still need this one, in a dialog that stays until read. */
  const refuseOff = (key: string, dependents: readonly string[]) =>
    modals.open({
      closeButtonProps: { 'aria-label': t('common.close') },
      title: t('modulesPage.cannotTitle', { module: t(`modules.${key}.name`) }),
      children: (
        <Stack gap="sm" data-testid="module-refusal">
          <Text size="sm">{t('modulesPage.cannotDeactivate', { modules: names(dependents) })}</Text>
          <List size="sm">
            {dependents.map((d) => (
              <List.Item key={d}>{t(`modules.${d}.name`)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {t('modulesPage.cannotHint')}
          </Text>
        </Stack>
      ),
    });

  const mutation = useMutation({
    mutationFn: ({ key, active }: { key: ModuleKey; active: boolean }) => setModuleActive(key, active),
    meta: { handled: isDependentsConflict },
    onError: (error) => {
      if (isApiError(error) && isDependentsConflict(error)) {
        const dependents = error.body?.data?.dependents;
        refuseOff(String(error.body?.data?.module ?? ''), Array.isArray(dependents) ? dependents.map(String) : []);
      }
    },
    onSuccess: (data, { key, active }) => {
      const before = new Set(modules.data ? activeKeys(modules.data) : []);
      const also = activeKeys(data).filter((k) => k !== key && !before.has(k));
      queryClient.setQueryData(moduleKeys.all, data);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.init });
      const name = t(`modules.${key}.name`);
      notify(
        'success',
        active && also.length
          ? t('modulesPage.activatedWith', { module: name, modules: names(also) })
          : t(active ? 'modulesPage.activated' : 'modulesPage.deactivated', { module: name }),
      );
    },
  });

  if (!modules.data) return modules.isPending ? <DelayedLoader /> : null;
  const data = modules.data;
  const active = activeKeys(data);
  const mayFlip = (m: ModuleState) => moduleToggleRefusal(member, active, m.key, !m.active) === null;
  const flippable = data.modules.filter(mayFlip).length;
  const note = flippable === 0 ? 'readOnly' : flippable < data.modules.length ? 'partly' : null;

  const onToggle = (key: ModuleKey, on: boolean) => {
    const preview = toggleModule(active, key, on);
    if (!preview.ok) return refuseOff(key, preview.dependents);
    if (on && preview.alsoActivated.length > 0) {
      modals.openConfirmModal({
        title: t('modulesPage.confirmTitle', { module: t(`modules.${key}.name`) }),
        children: <Text size="sm">{t('modulesPage.confirmText', { modules: names(preview.alsoActivated) })}</Text>,
        labels: { confirm: t('modulesPage.confirm'), cancel: t('common.cancel') },
        onConfirm: () => mutation.mutate({ key, active: on }),
      });
      return;
    }
    mutation.mutate({ key, active: on });
  };

  return (
    <Stack data-testid="modules-page">
      <PageTitle
        title={t('modulesPage.title')}
        subtitle={t('modulesPage.subtitle', { active: active.length, total: data.modules.length })}
      />
      {note && (
        <Text size="sm" c="dimmed" data-testid={`modules-note-${note}`}>
          {t(`modulesPage.${note}`)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {data.modules.map((m) => (
          <ModuleRow
            key={m.key}
            module={m}
            activeDependents={m.dependents.filter((d) => active.includes(d))}
            busy={mutation.isPending}
            locked={!mayFlip(m)}
            onToggle={(on) => onToggle(m.key, on)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
