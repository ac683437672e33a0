import { Group, Popover, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconConfetti,
  IconFirstAidKit,
  IconHourglassHigh,
  IconInfoCircle,
  IconLock,
  IconLockOpen,
  IconLogout,
  IconMessage,
  IconNote,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { useRosterView } from './context';
import { NO_DUTY_COLOR } from './format';

function Entry({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <span className="roster-legend-icon" aria-hidden>
        {icon}
      </span>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** What the colours and icons of the roster mean. */
export function Legend({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { data, planner } = useRosterView();
  const duties = Object.values(data.duties).filter((d) => !d.trashed);
  return (
    <Popover position="bottom-end" width={320} shadow="lg" withArrow>
      <Popover.Target>
        <ToolbarButton
          compact={compact}
          icon={<IconInfoCircle size={16} aria-hidden />}
          label={t('roster.legend.title')}
          data-testid="legend"
        />
      </Popover.Target>
      <Popover.Dropdown aria-label={t('roster.legend.title')}>
        <Stack gap="sm" data-testid="legend-panel">
          <Text fw={700} size="sm">
            {t('roster.legend.duties')}
          </Text>
          <SimpleGrid cols={2} spacing={6}>
            {duties.map((d) => (
              <Entry
                key={d.id}
                icon={<span className="roster-swatch" style={{ background: d.color || NO_DUTY_COLOR }} />}
              >
                {d.identifier} · {d.name}
              </Entry>
            ))}
          </SimpleGrid>
          <Text fw={700} size="sm">
            {t('roster.legend.icons')}
          </Text>
          <Stack gap={6}>
            <Entry icon={<IconLogout size={16} color="var(--mantine-color-orange-8)" />}>
              {t('roster.icons.signout')}
            </Entry>
            <Entry icon={<IconFirstAidKit size={16} color="var(--mantine-color-red-8)" />}>
              {t('roster.icons.sick')}
            </Entry>
            <Entry icon={<IconAlertTriangle size={16} color="var(--mantine-color-red-8)" />}>
              {t('roster.legend.conflicts')}
            </Entry>
            <Entry icon={<IconUsers size={16} color="var(--mantine-color-violet-8)" />}>
              {t('roster.legend.applications')}
            </Entry>
            <Entry icon={<IconHourglassHigh size={16} color="var(--mantine-color-yellow-9)" />}>
              {t('roster.icons.pending')}
            </Entry>
            <Entry icon={<IconMessage size={16} />}>{t('roster.icons.notes')}</Entry>
            <Entry icon={<IconLock size={16} color="var(--mantine-color-teal-8)" />}>{t('roster.released')}</Entry>
            <Entry icon={<IconLockOpen size={16} />}>{t('roster.notReleased')}</Entry>
            <Entry icon={<IconNote size={16} color="var(--mantine-color-blue-8)" />}>{t('roster.day.hasNote')}</Entry>
            <Entry icon={<span className="roster-swatch roster-swatch-past" />}>{t('roster.legend.past')}</Entry>
            <Entry icon={<span className="roster-swatch roster-swatch-mine" />}>{t('roster.legend.mine')}</Entry>
            <Entry icon={<span className="roster-swatch roster-leave" data-kind="vacation" />}>
              {t('roster.leave.vacation')}
            </Entry>
            <Entry icon={<span className="roster-swatch roster-leave" data-kind="sick" />}>
              {t('roster.leave.sick')}
            </Entry>
            <Entry icon={<span className="roster-swatch roster-shade" data-kind="unavailable" />}>
              {t('roster.leave.unavailable')}
            </Entry>
            <Entry icon={<span className="roster-swatch roster-shade" data-kind="limited" />}>
              {t('roster.leave.limited')}
            </Entry>
            <Entry icon={<IconConfetti size={16} color="var(--mantine-color-grape-8)" />}>
              {t('roster.leave.holiday')}
            </Entry>
          </Stack>
          {planner && (
            <Text size="xs" c="gray.7">
              {t('roster.bulk.hint')} {t('roster.dnd.instructions')}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
