import { addDays } from '@app/domain';
import { ActionIcon, Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatWeekdayDate } from '../../../ui/format';
import { isFree, TYPE_COLORS } from '../model';
import type { TeamAvailabilityState } from './useTeamAvailability';

/** On a phone: one day's list of everyone, with who is free. */
export function DayList({ a }: { a: TeamAvailabilityState }) {
  const { t, lang, day, setDay, range, members, sickOn, stateOf, open, can } = a;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <ActionIcon
          variant="default"
          onClick={() => setDay((d) => (d > range.from ? addDays(d, -1) : d))}
          aria-label={t('availabilityPage.previousDay')}
          disabled={day <= range.from}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={600} data-testid="team-availability-day">
          {formatWeekdayDate(day, lang, 'long')}
        </Text>
        <ActionIcon
          variant="default"
          onClick={() => setDay((d) => (d < range.until ? addDays(d, 1) : d))}
          aria-label={t('availabilityPage.nextDay')}
          disabled={day >= range.until}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Text size="sm" c="dimmed">
        {t('availabilityPage.freeCount', {
          count: members.filter((m) => !sickOn(m.id, day) && stateOf && isFree(stateOf(m.id, day))).length,
          total: members.length,
        })}
      </Text>
      <Stack gap={6} component="ul" className="availability-list" data-testid="team-availability-list">
        {members.map((m) => {
          const state = stateOf?.(m.id, day);
          const sick = sickOn(m.id, day);
          return (
            <Box component="li" key={m.id}>
              <UnstyledButton
                className="availability-row"
                onClick={() => open(m, day)}
                disabled={!can(m.id, day).change}
                data-testid={`team-row-${m.id}`}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={500} truncate>
                    {m.name}
                  </Text>
                  {sick ? (
                    <Badge color="pink" variant="light">
                      {t('availabilityPage.sick')}
                    </Badge>
                  ) : state?.type ? (
                    <Badge color={TYPE_COLORS[state.type]} variant={state.fromDefault ? 'outline' : 'light'} c="dark.7">
                      {t(`roster.availability.${state.type}`)}
                      {state.start && state.end ? ` ${state.start}–${state.end}` : ''}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="outline">
                      {t('availabilityPage.notEntered')}
                    </Badge>
                  )}
                </Group>
                {state?.note && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {state.note}
                  </Text>
                )}
              </UnstyledButton>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
