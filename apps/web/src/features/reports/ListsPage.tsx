import { ReportBuilder } from './ReportBuilder';

/** `lists` (spec 000 section 2): saved lists of planned items for planners (module lists). */
export default function ListsPage() {
  return <ReportBuilder kind="list" />;
}
