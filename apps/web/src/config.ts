/** Deployment settings of the web shell; each can be overridden at build time with a VITE_ variable. */
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@rosterly.app';
export const SITE_URL = import.meta.env.VITE_SITE_URL ?? 'https://rosterly.app';
export const UNIVERSITY_URL = import.meta.env.VITE_UNIVERSITY_URL ?? 'https://university.rosterly.app/nl';
/** Where the language the visitor chose is remembered between visits. */
export const LOCALE_STORAGE_KEY = 'locale';
