import { ROUTES, type RouteDef, type RouteGroup, routePatterns } from '@app/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BackendGate } from './app/BackendGate';
import { reloadForNewVersion } from './app/chunkReload';
import { ErrorPage, NotFoundPage } from './app/errors/ErrorPage';
import { RouteErrorPage } from './app/errors/RouteErrorPage';
import { LangRoute } from './app/LangRoute';
import { BackendLayout } from './app/layouts/BackendLayout';
import { BareLayout } from './app/layouts/BareLayout';
import { FrontendLayout } from './app/layouts/FrontendLayout';
import { GuardedBareLayout } from './app/layouts/GuardedBareLayout';
import { pageFor } from './app/pages';
import { PREFETCH } from './app/prefetch';
import { RootRedirect } from './app/RootRedirect';
import { RootShell } from './app/RootShell';
import { ShellSlotsProvider } from './app/slots';
import { TranslateRoute } from './app/TranslateRoute';
import { completeCatalog } from './i18n';
import { FIRST_PART_ROUTES } from './i18n/parts';
import { SHELL_SLOTS } from './shellSlots';
import { DelayedLoader } from './ui/DelayedLoader';

/** One route object per path pattern (English and translated aliases); unbuilt pages answer 404. */
function routeObjects(def: RouteDef): RouteObject[] {
  const load = pageFor(def.key);
  return routePatterns(def).map((pattern) => {
    const base = { path: pattern, handle: { routeKey: def.key } };
    if (!load) return { ...base, Component: NotFoundPage };
    return {
      ...base,
      loader: PREFETCH[def.key as keyof typeof PREFETCH],
      lazy: async () => {
        try {
          // Pages beyond the roster say more than the catalog's first part holds: the rest loads beside their code.
          const catalog = FIRST_PART_ROUTES.includes(def.key) ? undefined : completeCatalog();
          const [page] = await Promise.all([load(), catalog]);
          return { Component: page.default };
        } catch (error) {
          // Old code after a deployment: reload once for the new version instead of failing.
          if (reloadForNewVersion()) return new Promise<never>(() => {});
          throw error;
        }
      },
    };
  });
}

const group = (g: RouteGroup) => ROUTES.filter((r) => r.group === g).flatMap(routeObjects);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <DelayedLoader fullPage />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: 'translate', element: <TranslateRoute /> },
      {
        path: ':lang',
        element: <LangRoute />,
        children: [
          { index: true, element: <RootRedirect /> },
          { path: 'translate', element: <TranslateRoute /> },
          {
            // The signed-in shell shows the features' widgets in its slots (shellSlots.tsx).
            element: (
              <ShellSlotsProvider slots={SHELL_SLOTS}>
                <BackendGate />
              </ShellSlotsProvider>
            ),
            children: [
              { element: <BackendLayout />, children: group('backend') },
              { element: <GuardedBareLayout />, children: group('invoice') },
            ],
          },
          { element: <FrontendLayout />, children: group('frontend') },
          { element: <BareLayout />, children: [...group('wizard'), ...group('empty')] },
          { path: '*', element: <ErrorPage kind="notFound" fullPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
