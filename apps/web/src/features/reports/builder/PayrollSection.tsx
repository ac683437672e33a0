import { Alert, Button, Group, Modal, Paper, Text, Title } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportBuilderState } from './useReportBuilder';

/** The payroll export of the range (reports only), with its refusal shown in place. */
export function PayrollSection({ b }: { b: ReportBuilderState }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="payroll-title">
      <Title order={3} size="h4" id="payroll-title" mb="xs">
        {t('reports.payroll.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('reports.payroll.rule')}
      </Text>
      {b.payrollError && (
        <Alert color="red" mb="sm" role="alert" data-testid="payroll-error">
          {b.payrollError}
        </Alert>
      )}
      <Button
        leftSection={<IconReceipt2 size={16} />}
        variant="light"
        disabled={!b.rangeOk}
        onClick={() => b.setPayrollAsk(true)}
      >
        {t('reports.payroll.button')}
      </Button>
    </Paper>
  );
}

/** Asks before the payroll export marks the range's hours as paid. */
export function PayrollDialog({ b }: { b: ReportBuilderState }) {
  const { t } = useTranslation();
  const { payrollAsk, setPayrollAsk, payroll, clean } = b;
  return (
    <Modal opened={payrollAsk} onClose={() => setPayrollAsk(false)} title={t('reports.payroll.title')}>
      <Text size="sm">{t('reports.payroll.confirm', { from: clean.from, until: clean.until })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setPayrollAsk(false)}>
          {t('common.cancel')}
        </Button>
        <Button loading={payroll.isPending} onClick={() => payroll.mutate()}>
          {t('reports.payroll.go')}
        </Button>
      </Group>
    </Modal>
  );
}
