import '@mantine/dates/styles.layer.css';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { TimesheetBulkBar } from './timesheet/TimesheetBulkBar';
import { TimesheetDialogs } from './timesheet/TimesheetDialogs';
import { TimesheetFilters } from './timesheet/TimesheetFilters';
import { TimesheetLines } from './timesheet/TimesheetLines';
import { TimesheetTabs } from './timesheet/TimesheetTabs';
import { useTimesheet } from './timesheet/useTimesheet';
import './hours.css';

/**
 * The timesheet (`timesheet`, `timesheet/{page}`; docs/product/hours.md): to be registered, pending, to be approved,
 * approved, to confirm, unsigned. Members register their planned items' hours and unplanned ones; supervisors
 * approve, deny with a message, edit, confirm planned items and sign, one at a time or many. A list on every
 * screen, so it reads the same at 375 px.
 */
export default function TimesheetPage() {
  const { t } = useTranslation();
  const s = useTimesheet();
  const { options, o, tabs, setForm, today } = s;

  if (options.isError)
    return (
      <Alert color="red" title={t('hours.loadFailed')}>
        <Button mt="sm" variant="light" onClick={() => options.refetch()}>
          {t('hours.retry')}
        </Button>
      </Alert>
    );

  return (
    <div className="hours-page" data-testid="timesheet-page">
      <PageTitle
        title={t('hours.title')}
        subtitle={t('hours.subtitle')}
        right={
          o && (o.may.unplanned || o.may.others) ? (
            <Button
              leftSection={<IconClockPlus size={18} />}
              onClick={() => setForm({ kind: 'unplanned', date: today })}
              data-testid="hours-unplanned"
            >
              {t('hours.unplanned')}
            </Button>
          ) : undefined
        }
      />
      {!o ? (
        <Stack>
          <Skeleton h={36} />
          <Skeleton h={96} />
          <Skeleton h={96} />
        </Stack>
      ) : tabs.length === 0 ? (
        <Alert color="gray">{t('hours.noAccess')}</Alert>
      ) : (
        <Stack gap="md">
          <TimesheetTabs s={s} />
          <TimesheetFilters s={s} />
          <TimesheetBulkBar s={s} />
          <TimesheetLines s={s} />
        </Stack>
      )}
      <TimesheetDialogs s={s} />
    </div>
  );
}
