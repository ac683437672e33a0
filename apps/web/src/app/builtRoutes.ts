/**
 * Route keys (of @app/domain ROUTES) whose pages exist. The menu shows only these; other routes answer 404.
 * Kept free of React so the end-to-end tests can read it.
 */
export const BUILT_ROUTE_KEYS = [
  'invoices',
  'invoice',
  'invoiceDownload',
  'overview',
  'roster',
  'rosterLocation',
  'chats',
  'chat',
  'timesheet',
  'reports',
  'lists',
  'profile',
  'modules',
  'employees',
  'employee',
  'settings',
  'notifications',
  'today',
  'checkins',
  'statistics',
  'log',
  'contacts',
  'login',
  'signin',
  'forgotPassword',
  'requestConfirmation',
  'resetPassword',
  'confirmEmail',
  'acceptInvitation',
  'twoFactorVerify',
  'twoFactorSetup',
  'terms',
  'privacy',
  'contact',
  'logout',
  'vacation',
  'vacationNew',
  'vacationRequest',
  'balances',
  'balance',
  'availability',
] as const;

export type BuiltRouteKey = (typeof BUILT_ROUTE_KEYS)[number];

export const BUILT_ROUTES: ReadonlySet<string> = new Set(BUILT_ROUTE_KEYS);
