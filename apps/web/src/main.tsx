import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { ErrorPage } from './app/errors/ErrorPage';
import { preferredLocale } from './app/locale';
import { registerServiceWorker } from './app/serviceWorker';
import i18n from './i18n';
import { router } from './router';

// Until the route says otherwise, speak the visitor's language (also on the cookies page).
void i18n.changeLanguage(preferredLocale());
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      {navigator.cookieEnabled ? <RouterProvider router={router} /> : <ErrorPage kind="cookies" fullPage />}
    </AppProviders>
  </StrictMode>,
);
