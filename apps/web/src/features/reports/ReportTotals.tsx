import type { ReportKind, ReportPreviewResponse } from '@app/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../hours/format';

/**
 * The preview's totals line: how many lines, and the hours of the statuses the totals count, saying which (a report
 * counts approved hours unless statuses are chosen; docs/product/reports.md, "Totals").
 */
export function ReportTotals({ kind, preview }: { kind: ReportKind; preview: ReportPreviewResponse }) {
  const { t } = useTranslation();
  const hours = formatMinutes(preview.minutes);
  if (kind !== 'report')
    return (
      <Text size="sm" data-testid="report-summary">
        {t('reports.preview.summary', { count: preview.total, hours })}
      </Text>
    );
  const statuses = preview.counted.map((s) => t(`reports.status.${s}`)).join(', ');
  return (
    <Text size="sm" data-testid="report-summary">
      {t('reports.preview.counted', { count: preview.total, hours, statuses })}
    </Text>
  );
}
