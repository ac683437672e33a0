import { ROUTES, type RouteDef, type RouteGroup, routePatterns } from '@app/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BackendGate } from './app/BackendGate';
import { ErrorPage, NotFoundPage } from './app/errors/ErrorPage';
import { RouteErrorPage } from './app/errors/RouteErrorPage';
import { LangRoute } from './app/LangRoute';
import { BackendLayout } from './app/layouts/BackendLayout';
import { BareLayout } from './app/layouts/BareLayout';
import { FrontendLayout } from './app/layouts/FrontendLayout';
import { GuardedBareLayout } from './app/layouts/GuardedBareLayout';
import { pageFor } from './app/pages';
import { RootRedirect } from './app/RootRedirect';
import { RootShell } from './app/RootShell';
import { TranslateRoute } from './app/TranslateRoute';

/** One route object per path pattern (English and translated aliases); unbuilt pages answer 404. */
function routeObjects(def: RouteDef): RouteObject[] {
  const load = pageFor(def.key);
  return routePatterns(def).map((pattern) => {
    const base = { path: pattern, handle: { routeKey: def.key } };
    return load ? { ...base, lazy: async () => ({ Component: (await load()).default }) } : { ...base, Component: NotFoundPage };
  });
}

const group = (g: RouteGroup) => ROUTES.filter((r) => r.group === g).flatMap(routeObjects);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
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
            element: <BackendGate />,
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
