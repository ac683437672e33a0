import { TIMESHEET_PAGE_SIZE, type TimesheetTab } from '@app/contracts';
import { Alert, Button, Group, Pagination, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/useLang';
import { ApproveTable } from '../ApproveTable';
import { HoursCard } from './HoursCard';
import type { TimesheetState } from './useTimesheet';

/** The lines of the tab: a table to approve at desktop width, cards otherwise, and the pages. */
export function TimesheetLines({ s }: { s: TimesheetState }) {
  const { t } = useTranslation();
  const lang = useLang();
  const {
    sheet,
    lines,
    tab,
    tableView,
    shown,
    bulk,
    selected,
    keyOf,
    select,
    actionsOf,
    init,
    paged,
    paging,
    firstShown,
    pages,
    page,
    setPage,
  } = s;
  return (
    <>
      {sheet.isPending ? (
        <Stack>
          <Skeleton h={96} />
          <Skeleton h={96} />
        </Stack>
      ) : sheet.isError ? (
        <Alert color="red" title={t('hours.loadFailed')}>
          <Button mt="sm" variant="light" onClick={() => sheet.refetch()}>
            {t('hours.retry')}
          </Button>
        </Alert>
      ) : lines.length === 0 ? (
        <Paper withBorder p="xl" data-testid="hours-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconCheck size={26} />
            </ThemeIcon>
            <Text fw={600}>{t(`hours.empty.${tab}`)}</Text>
          </Stack>
        </Paper>
      ) : (
        <>
          {tableView ? (
            <ApproveTable
              lines={shown}
              lang={lang}
              selectable={bulk}
              isSelected={(line) => selected.has(keyOf(line))}
              onSelect={(line, on) => select(line, on)}
              actionsOf={(line) => actionsOf(line)}
            />
          ) : (
            <ul className="hours-list" data-testid="hours-list">
              {shown.map((line) => (
                <HoursCard
                  key={line.id ?? `item-${line.item}`}
                  line={line}
                  tab={tab as TimesheetTab}
                  lang={lang}
                  me={init.membership.id}
                  selectable={bulk}
                  selected={selected.has(keyOf(line))}
                  onSelect={(on) => select(line, on)}
                  actions={actionsOf(line)}
                />
              ))}
            </ul>
          )}
          {paged && paging && paging.total > TIMESHEET_PAGE_SIZE && (
            <Text size="sm" c="dimmed" ta="center" data-testid="hours-page-summary">
              {t('hours.pageSummary', {
                from: firstShown,
                until: firstShown + lines.length - 1,
                total: paging.total,
              })}
            </Text>
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`hours.pages.${control}`) })}
                data-testid="hours-pages"
              />
            </Group>
          )}
        </>
      )}
    </>
  );
}
