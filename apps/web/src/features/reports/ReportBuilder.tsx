import type { ReportKind } from '@app/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { DownloadSection } from './builder/DownloadSection';
import { FiltersSection } from './builder/FiltersSection';
import { PayrollDialog, PayrollSection } from './builder/PayrollSection';
import { PreviewSection } from './builder/PreviewSection';
import { SaveDialog } from './builder/SaveDialog';
import { SavedSection } from './builder/SavedSection';
import { useReportBuilder } from './builder/useReportBuilder';

/**
 * The reports (`reports`: registered hours, accountants) and lists (`lists`: planned items, planners) screens of
 * docs/product/reports.md, "Reports and downloads": filters, saved reports with labels, a preview, the download field
 * picker with xlsx or CSV per employee, client or planning (big ones as a job with progress and a link), and for
 * reports the payroll export.
 */
export function ReportBuilder({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation();
  const b = useReportBuilder(kind);
  const prefix = kind === 'report' ? 'reports' : 'lists';

  if (b.options.isError)
    return (
      <Alert color="red" title={t(`${prefix}.loadFailed`)}>
        <Button mt="sm" variant="light" onClick={() => b.options.refetch()}>
          {t('hours.retry')}
        </Button>
      </Alert>
    );

  return (
    <div data-testid={`${prefix}-page`}>
      <PageTitle title={t(`${prefix}.title`)} subtitle={t(`${prefix}.subtitle`)} />
      <Stack gap="lg">
        <SavedSection b={b} prefix={prefix} />
        <FiltersSection b={b} prefix={prefix} />
        <PreviewSection kind={kind} p={b.preview.data} prefix={prefix} />
        <DownloadSection b={b} prefix={prefix} />
        {kind === 'report' && b.options.data?.payroll && <PayrollSection b={b} />}
      </Stack>
      <PayrollDialog b={b} />
      <SaveDialog b={b} prefix={prefix} />
    </div>
  );
}
