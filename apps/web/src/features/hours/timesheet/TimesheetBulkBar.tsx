import { Button, Checkbox, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimesheetState } from './useTimesheet';

/** Choosing lines for a bulk approval, denial or confirmation. */
export function TimesheetBulkBar({ s }: { s: TimesheetState }) {
  const { t } = useTranslation();
  const {
    bulk,
    lines,
    chosen,
    setSelected,
    keyOf,
    tab,
    setDenying,
    approve,
    approveIds,
    signatureRequired,
    approveShown,
    confirm,
    confirmIds,
  } = s;
  return (
    <>
      {bulk && lines.length > 0 && (
        <Paper withBorder p="sm" className="hours-bulk" data-testid="hours-bulk">
          <Group justify="space-between" gap="xs">
            <Checkbox
              label={t('hours.bulk.selectAll', { count: lines.length })}
              checked={chosen.length === lines.length}
              indeterminate={chosen.length > 0 && chosen.length < lines.length}
              onChange={(e) => setSelected(e.currentTarget.checked ? new Set(lines.map(keyOf)) : new Set())}
            />
            <Group gap="xs">
              {tab === 'approve' && (
                <>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={!chosen.length}
                    onClick={() => setDenying(chosen)}
                  >
                    {t('hours.bulk.deny', { count: chosen.length })}
                  </Button>
                  <Button
                    size="xs"
                    disabled={!chosen.length}
                    loading={approve.isPending}
                    onClick={() => approveIds(chosen)}
                  >
                    {t('hours.bulk.approve', { count: chosen.length })}
                  </Button>
                  {!signatureRequired && (
                    <Button
                      size="xs"
                      variant="outline"
                      loading={approveShown.isPending}
                      onClick={() => approveShown.mutate()}
                    >
                      {t('hours.bulk.approveRange')}
                    </Button>
                  )}
                </>
              )}
              {tab === 'confirm' && (
                <Button
                  size="xs"
                  disabled={!chosen.length}
                  loading={confirm.isPending}
                  onClick={() => confirmIds(chosen)}
                >
                  {t('hours.bulk.confirm', { count: chosen.length })}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}
    </>
  );
}
