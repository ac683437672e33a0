// Mantine's base styles; each component's own come with its code (build/mantineStyles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { isLocale, routeOfPath } from '@app/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { ErrorPage } from './app/errors/ErrorPage';
import { afterFirstContent } from './app/firstContent';
import { preferredLocale } from './app/locale';
import { queryClient } from './app/queryClient';
import { registerServiceWorker } from './app/serviceWorker';
import { initQuery } from './app/session';
import { completeCatalog, switchLanguage } from './i18n';
import { router } from './router';

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// A signed-in page asks who is signed in first of all: that starts now, beside the catalog, not after it.
if (routeOfPath(window.location.pathname)?.route.group === 'backend') void queryClient.prefetchQuery(initQuery);

// The language the address names, else the visitor's (also on the cookies page): its catalog's first part loads
// before the first render, so no page shows in another language first; the rest after the page's first content.
const routed = window.location.pathname.split('/')[1];
void switchLanguage(isLocale(routed) ? routed : preferredLocale()).finally(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        {navigator.cookieEnabled ? <RouterProvider router={router} /> : <ErrorPage kind="cookies" fullPage />}
      </AppProviders>
    </StrictMode>,
  ),
);
void afterFirstContent().then(() => completeCatalog().catch(() => undefined));
