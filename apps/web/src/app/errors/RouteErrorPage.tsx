import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from './ErrorPage';

/** What the router shows when a page throws while rendering or loading. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" fullPage />;
  return <ErrorPage kind="generic" fullPage />;
}
