import { Alert, Badge, Group } from '@mantine/core';
import type { TeamAvailabilityState } from './useTeamAvailability';

/** Who has not entered their availability for all the month yet. */
export function MissingNotice({ a }: { a: TeamAvailabilityState }) {
  const { t, data, missing } = a;
  return (
    <>
      {data && missing.length > 0 && (
        <Alert
          color="gray"
          variant="light"
          data-testid="availability-missing"
          title={t('availabilityPage.missingTitle', { count: missing.length })}
        >
          <Group gap={6} wrap="wrap">
            {missing.map((m) => (
              <Badge key={m.id} variant="default" size="md" tt="none">
                {t('availabilityPage.missingDays', { name: m.name, count: m.missing })}
              </Badge>
            ))}
          </Group>
        </Alert>
      )}
    </>
  );
}
