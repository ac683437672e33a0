import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { isLocale } from '@app/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { ErrorPage } from './app/errors/ErrorPage';
import { preferredLocale } from './app/locale';
import { registerServiceWorker } from './app/serviceWorker';
import { switchLanguage } from './i18n';
import { router } from './router';

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// The language the address names, else the visitor's (also on the cookies page): its catalog loads before the first
// render, so no page shows in another language first.
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
