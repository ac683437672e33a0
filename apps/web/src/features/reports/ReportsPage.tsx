import { ReportBuilder } from './ReportBuilder';

/** `reports` (spec 000 section 2): registered hours for the accountant, with the payroll export. */
export default function ReportsPage() {
  return <ReportBuilder kind="report" />;
}
