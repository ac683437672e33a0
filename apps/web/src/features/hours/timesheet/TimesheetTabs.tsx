import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePathTo } from '../../../app/useLang';
import type { TimesheetState } from './useTimesheet';

/** The tabs the member sees, each with its count. */
export function TimesheetTabs({ s }: { s: TimesheetState }) {
  const { t } = useTranslation();
  const pathTo = usePathTo();
  const { tabs, tab, sheet } = s;
  return (
    <nav aria-label={t('hours.tabsLabel')}>
      <Group gap={6} className="hours-tabs">
        {tabs.map((key) => (
          <Button
            key={key}
            component={Link}
            to={pathTo('timesheet', { page: key })}
            variant={key === tab ? 'filled' : 'light'}
            size="sm"
            radius="xl"
            aria-current={key === tab ? 'page' : undefined}
            data-testid={`tab-${key}`}
            rightSection={
              sheet.data?.counts[key] ? (
                <Badge size="sm" variant={key === tab ? 'white' : 'filled'} circle={false}>
                  {sheet.data.counts[key]}
                </Badge>
              ) : undefined
            }
          >
            {t(`hours.tabs.${key}`)}
          </Button>
        ))}
      </Group>
    </nav>
  );
}
