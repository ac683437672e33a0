import { Navigate, useParams } from 'react-router';
import { usePathTo } from '../../app/useLang';

/** `employees/{id}/dossiers`: the dossier is a tab of the employee page; this address opens it there. */
export default function EmployeeDossiersPage() {
  const { id = '' } = useParams();
  const pathTo = usePathTo();
  return <Navigate to={`${pathTo('employee', { id })}?tab=dossier`} replace />;
}
