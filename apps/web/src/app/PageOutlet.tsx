import { Outlet } from 'react-router';
import { useAppError } from './appError';
import { ErrorPage } from './errors/ErrorPage';
import { usePageMounted } from './firstContent';

/** The page of the route, or the error page a failed call asked for. */
export function PageOutlet() {
  const error = useAppError();
  usePageMounted();
  return error ? <ErrorPage kind={error} /> : <Outlet />;
}
