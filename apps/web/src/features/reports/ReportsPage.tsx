import { InvoiceGeneration } from '../invoicing/InvoiceGeneration';
import { ReportBuilder } from './ReportBuilder';

/**
 * `reports` (docs/product/reports.md): registered hours for the accountant, with the payroll export; and the invoice
 * generation for those who invoice clients (docs/product/invoicing.md).
 */
export default function ReportsPage() {
  return (
    <>
      <ReportBuilder kind="report" />
      <InvoiceGeneration />
    </>
  );
}
