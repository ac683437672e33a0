import type { RosterItem } from '@app/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { IconCar, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/session';
import { itemCalls } from '../api';
import { useRosterView } from '../context';

/**
 * The vehicle or equipment on the item (docs/product/resources.md), in the user tab: the resources the load offers
 * (planners with the resources module), the item's own first; choosing the chosen one again takes it off. Two
 * overlapping items with one resource are allowed and warned about (conflict RESOURCE). A project's duty says whether
 * its person drives the vehicle or rides along.
 */
export function ResourceChoice({ item }: { item: RosterItem }) {
  const { t } = useTranslation();
  const { data, edit } = useRosterView();
  // With the module off the API refuses the change: nothing is offered (the card still names a resource on an item).
  const moduleOn = useAccess().modules.includes('resources');
  const offered = Object.values(data.resources ?? {}).filter((r) => !r.archived || r.id === item.resource);
  if (!moduleOn || offered.length === 0) return null;
  const choose = (id: string) => {
    const again = id === item.resource;
    void edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, resource: again ? null : id, travelRole: null }),
      call: () => (again ? itemCalls.removeResource(item.id) : itemCalls.setResource(item.id, id)),
    });
  };
  const doubleBooked = item.conflicts?.includes('RESOURCE') ?? false;
  return (
    <Stack gap={4} data-testid="toolbox-resources">
      <Text size="xs" fw={600} id={`resources-${item.id}`}>
        {t('roster.resource.title')}
      </Text>
      <Group gap={4} role="group" aria-labelledby={`resources-${item.id}`}>
        {offered.map((r) => {
          const chosen = r.id === item.resource;
          return (
            <button
              type="button"
              key={r.id}
              className="roster-choice roster-resource-choice"
              data-selected={chosen || undefined}
              aria-pressed={chosen}
              title={chosen ? t('roster.resource.chooseAgain') : undefined}
              onClick={() => choose(r.id)}
              data-testid={`resource-choice-${r.id}`}
            >
              <span className="roster-choice-line">
                {r.kind === 'equipment' ? <IconTool size={14} aria-hidden /> : <IconCar size={14} aria-hidden />}
                <span className="roster-choice-name">{r.name}</span>
                {r.capacity !== null && (
                  <span className="roster-choice-hours">{t('roster.resource.capacity', { count: r.capacity })}</span>
                )}
              </span>
            </button>
          );
        })}
      </Group>
      {item.resource && item.travelRole && (
        <Text size="xs" data-testid="resource-travel-role">
          {t(`roster.resource.${item.travelRole}`)}
        </Text>
      )}
      {doubleBooked && (
        <Text size="xs" c="red.8" data-testid="resource-warning">
          {t('roster.conflicts.RESOURCE')}
        </Text>
      )}
    </Stack>
  );
}
