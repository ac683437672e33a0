import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { clearAppErrorOnNavigation, useAppError } from './appError';
import { ErrorPage } from './errors/ErrorPage';
import { setNavigator } from './navigation';
import { GlobalLoader } from './overlays/GlobalLoader';
import { useBodyViewportClass } from './viewport';

/** Wraps every route: body viewport class, delayed loader, maintenance screen, navigation for non-React code. */
export function RootShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const error = useAppError();
  useBodyViewportClass();

  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location clears the page-level error
  useEffect(() => {
    clearAppErrorOnNavigation();
  }, [location.key]);

  if (error === 'maintenance') return <ErrorPage kind="maintenance" fullPage />;
  return (
    <>
      <GlobalLoader />
      <Outlet />
    </>
  );
}
