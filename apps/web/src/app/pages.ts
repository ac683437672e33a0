import type { ComponentType } from 'react';
import type { BuiltRouteKey } from './builtRoutes';

type PageModule = () => Promise<{ default: ComponentType }>;

/** The page of each built route, loaded on first visit. */
export const PAGES: Record<BuiltRouteKey, PageModule> = {
  overview: () => import('../features/overview/OverviewPage'),
  roster: () => import('../features/roster/RosterPage'),
  rosterLocation: () => import('../features/roster/RosterPage'),
  chats: () => import('../features/chats/ChatsPage'),
  chat: () => import('../features/chats/ChatsPage'),
  timesheet: () => import('../features/hours/TimesheetPage'),
  reports: () => import('../features/reports/ReportsPage'),
  lists: () => import('../features/reports/ListsPage'),
  profile: () => import('../features/profile/ProfilePage'),
  modules: () => import('../features/modules/ModulesPage'),
  employees: () => import('../features/team/TeamPage'),
  employee: () => import('../features/team/EmployeePage'),
  settings: () => import('../features/settings/SettingsPage'),
  notifications: () => import('../features/notifications/NotificationsPage'),
  today: () => import('../features/today/TodayPage'),
  checkins: () => import('../features/checkins/CheckinsPage'),
  statistics: () => import('../features/statistics/StatisticsPage'),
  log: () => import('../features/log/LogPage'),
  contacts: () => import('../features/contacts/ContactsPage'),
  login: () => import('../features/auth/LoginPage'),
  signin: () => import('../features/auth/LoginPage'),
  forgotPassword: () => import('../features/auth/ForgotPasswordPage'),
  requestConfirmation: () => import('../features/auth/RequestConfirmationPage'),
  resetPassword: () => import('../features/auth/ResetPasswordPage'),
  confirmEmail: () => import('../features/auth/ConfirmEmailPage'),
  acceptInvitation: () => import('../features/auth/AcceptInvitationPage'),
  twoFactorVerify: () => import('../features/auth/TwoFactorVerifyPage'),
  twoFactorSetup: () => import('../features/auth/TwoFactorSetupPage'),
  terms: () => import('../features/public/TermsPage'),
  privacy: () => import('../features/public/PrivacyPage'),
  contact: () => import('../features/public/ContactPage'),
  logout: () => import('../features/auth/LogoutPage'),
  vacation: () => import('../features/vacation/VacationPage'),
  vacationNew: () => import('../features/vacation/VacationNewPage'),
  vacationRequest: () => import('../features/vacation/VacationRequestPage'),
  balances: () => import('../features/balances/BalancesPage'),
  balance: () => import('../features/balances/BalancePage'),
  availability: () => import('../features/availability/AvailabilityPage'),
  invoices: () => import('../features/billing/InvoicesPage'),
  invoice: () => import('../features/billing/InvoicePage'),
  invoiceDownload: () => import('../features/billing/InvoiceDownloadPage'),
};

export const pageFor = (key: string): PageModule | undefined => PAGES[key as BuiltRouteKey];
