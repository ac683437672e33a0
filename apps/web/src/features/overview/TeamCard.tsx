import { type OverviewResponse, ROLES } from '@app/contracts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouteLink } from '../../ui/RouteLink';

interface Props {
  team: NonNullable<OverviewResponse['team']>;
  modulesActive: number;
  showModulesLink: boolean;
}

/** Team counts for managers and owners: active, inactive, and by role. */
export function TeamCard({ team, modulesActive, showModulesLink }: Props) {
  const { t } = useTranslation();
  const roles = ROLES.filter((r) => (team.byRole[r] ?? 0) > 0);
  return (
    <Card withBorder padding="lg" data-testid="overview-team">
      <Stack gap="md">
        <Title order={4}>{t('overview.team')}</Title>
        <SimpleGrid cols={2}>
          <Stack gap={0}>
            <Text fz={28} fw={700} data-testid="team-active">
              {team.active}
            </Text>
            <Text size="sm" c="dimmed">
              {t('overview.activeMembers')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fz={28} fw={700} data-testid="team-inactive">
              {team.inactive}
            </Text>
            <Text size="sm" c="dimmed">
              {t('overview.inactiveMembers')}
            </Text>
          </Stack>
        </SimpleGrid>
        {roles.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('overview.role')}</Table.Th>
                <Table.Th ta="right">{t('overview.members')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.map((role) => (
                <Table.Tr key={role} data-testid={`team-role-${role}`}>
                  <Table.Td>{t(`roles.${role}`)}</Table.Td>
                  <Table.Td ta="right">{team.byRole[role]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('overview.modulesActive', { number: modulesActive })}
          </Text>
          {showModulesLink && (
            <RouteLink route="modules" size="sm" data-testid="overview-modules-link">
              {t('overview.manageModules')}
            </RouteLink>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
