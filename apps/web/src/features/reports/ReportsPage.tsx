import { ReportBuilder } from './ReportBuilder';

/** `reports` (docs/product/reports.md): registered hours for the accountant, with the payroll export. */
export default function ReportsPage() {
  return <ReportBuilder kind="report" />;
}
