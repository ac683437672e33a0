import { ReportBuilder } from './ReportBuilder';

/** `lists` (docs/product/reports.md): saved lists of planned items for planners (module lists). */
export default function ListsPage() {
  return <ReportBuilder kind="list" />;
}
