import { guards, ROUTE_BY_KEY } from '@app/domain';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { ErrorPage } from './errors/ErrorPage';
import { useAccess } from './session';

/** The route key a route object carries in its handle. */
export interface RouteHandle {
  routeKey: string;
}

export const routeKeyOf = (handle: unknown) =>
  typeof handle === 'object' && handle !== null && 'routeKey' in handle ? (handle as RouteHandle).routeKey : null;

/** Shows the 403 page when the member may not open the matched backend route (the same guard the server uses). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const access = useAccess();
  const matches = useMatches();
  const key = matches.map((m) => routeKeyOf(m.handle)).findLast((k) => k !== null) ?? null;
  const guard = key ? ROUTE_BY_KEY[key]?.guard : undefined;
  if (guard && !guards[guard](access)) return <ErrorPage kind="forbidden" />;
  return <>{children}</>;
}
