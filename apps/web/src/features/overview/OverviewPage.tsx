import { localizedPath, showOwnHoursLink, visibleMenu } from '@app/domain';
import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUILT_ROUTES } from '../../app/builtRoutes';
import { useAccess, useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { MyCheckinsCard } from '../checkins/MyCheckinsCard';
import { OffersOnToday } from '../swaps/OffersOnToday';
import { NextStepsCard } from '../today/NextStepsCard';
import { overviewQuery } from './api';
import { greetingKey } from './greeting';
import { TeamCard } from './TeamCard';

/**
 * The landing page: greeting, account and role, own locations, team figures for managers, quick links. Members who
 * register hours without the menu's hours entry find their timesheet here (docs/product/rights.md).
 */
export default function OverviewPage() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const access = useAccess();
  const overview = useQuery(overviewQuery);
  const links = useMemo(() => {
    const menu = visibleMenu(access, BUILT_ROUTES).filter((e) => e.key !== 'overview');
    const ownHours = showOwnHoursLink(access, BUILT_ROUTES) ? [{ key: 'myHours', route: 'timesheet' }] : [];
    return [...ownHours, ...menu].map((e) => ({
      key: e.key,
      route: e.route,
      label: e.key === 'myHours' ? 'overview.myHours' : `menu.${e.key}`,
    }));
  }, [access]);

  if (!overview.data) return overview.isPending ? <DelayedLoader /> : null;
  const data = overview.data;
  const roleKey = `roles.${data.role}`;

  return (
    <Stack gap="lg" data-testid="overview-page">
      <PageTitle
        title={t(greetingKey(new Date().getHours()), { name: init.user.fname || init.user.name })}
        subtitle={t('overview.subtitle', { account: data.accountName })}
        right={
          <Badge size="lg" variant="light" data-testid="overview-role">
            {i18n.exists(roleKey) ? t(roleKey) : data.role}
          </Badge>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        {access.modules.includes('checkins') && <MyCheckinsCard />}
        <OffersOnToday />
        <NextStepsCard />
        <Card withBorder padding="lg" data-testid="overview-locations">
          <Title order={4} mb="sm">
            {t('overview.locations')}
          </Title>
          {data.locations.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('overview.noLocations')}
            </Text>
          ) : (
            <List spacing={4}>
              {data.locations.map((location) => (
                <List.Item key={location.id}>{location.name}</List.Item>
              ))}
            </List>
          )}
        </Card>
        {data.team && (
          <TeamCard
            team={data.team}
            modulesActive={data.modulesActive}
            showModulesLink={links.some((l) => l.key === 'modules')}
          />
        )}
      </SimpleGrid>
      {links.length > 0 && (
        <Stack gap="sm">
          <Title order={4}>{t('overview.quickLinks')}</Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {links.map((entry) => (
              <UnstyledButton
                key={entry.key}
                component={Link}
                to={localizedPath(entry.route, lang)}
                data-testid={`quick-${entry.key}`}
              >
                <Card withBorder padding="md">
                  <Group justify="space-between">
                    <Text fw={600}>{t(entry.label)}</Text>
                    <Text c="dimmed" aria-hidden="true">
                      →
                    </Text>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
