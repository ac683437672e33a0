import { LOCALES, type Locale } from '@app/contracts';
import type { GuardKey } from './guards';

export type RouteGroup = 'backend' | 'frontend' | 'empty' | 'wizard' | 'invoice';

export interface RouteDef {
  /** Stable name used by links, the menu and the web's page map. */
  key: string;
  /** English path below /{lang}, with :params. */
  path: string;
  /** Translated path aliases (de, nl, pl); English paths work in every language. */
  aliases?: Partial<Record<Locale, string>>;
  group: RouteGroup;
  /** Backend routes: the guard the page needs. */
  guard?: GuardKey;
}

/** Every route of docs/product/app.md, below /{lang}. */
export const ROUTES: readonly RouteDef[] = [
  // Backend (signed in)
  {
    key: 'overview',
    path: 'overview',
    aliases: { de: 'uebersicht', nl: 'overzicht', pl: 'przeglad' },
    group: 'backend',
    guard: 'always',
  },
  {
    key: 'company',
    path: 'company',
    aliases: { de: 'unternehmen', nl: 'bedrijf', pl: 'firma' },
    group: 'backend',
    guard: 'company',
  },
  { key: 'checkins', path: 'check-ins', aliases: { pl: 'meldunki' }, group: 'backend', guard: 'checkins' },
  {
    key: 'today',
    path: 'today',
    aliases: { de: 'heute', nl: 'vandaag', pl: 'dzisiaj' },
    group: 'backend',
    guard: 'today',
  },
  { key: 'inbox', path: 'inbox', aliases: { de: 'eingang', pl: 'skrzynka' }, group: 'backend', guard: 'inbox' },
  {
    key: 'roster',
    path: 'roster',
    aliases: { de: 'dienstplan', nl: 'rooster', pl: 'grafik' },
    group: 'backend',
    guard: 'roster',
  },
  {
    key: 'rosterLocation',
    path: 'roster/:location/:date',
    aliases: { de: 'dienstplan/:location/:date', nl: 'rooster/:location/:date', pl: 'grafik/:location/:date' },
    group: 'backend',
    guard: 'roster',
  },
  {
    key: 'planningOverview',
    path: 'planning/overview/:client?',
    aliases: {
      de: 'planung/uebersicht/:client?',
      nl: 'planning/overzicht/:client?',
      pl: 'planowanie/przeglad/:client?',
    },
    group: 'backend',
    guard: 'planning',
  },
  {
    key: 'planning',
    path: 'planning/:id?',
    aliases: { de: 'planung/:id?', pl: 'planowanie/:id?' },
    group: 'backend',
    guard: 'planning',
  },
  {
    key: 'clients',
    path: 'clients',
    aliases: { de: 'kunden', nl: 'klanten', pl: 'klienci' },
    group: 'backend',
    guard: 'clients',
  },
  {
    key: 'client',
    path: 'clients/:id',
    aliases: { de: 'kunden/:id', nl: 'klanten/:id', pl: 'klienci/:id' },
    group: 'backend',
    guard: 'clients',
  },
  {
    key: 'clientInvoices',
    path: 'client-invoices',
    aliases: { de: 'kundenrechnungen', nl: 'klantfacturen', pl: 'faktury-klientow' },
    group: 'backend',
    guard: 'clientInvoices',
  },
  {
    key: 'clientInvoice',
    path: 'client-invoices/:id',
    aliases: { de: 'kundenrechnungen/:id', nl: 'klantfacturen/:id', pl: 'faktury-klientow/:id' },
    group: 'backend',
    guard: 'clientInvoices',
  },
  {
    key: 'projects',
    path: 'projects',
    aliases: { de: 'projekte', nl: 'projecten', pl: 'projekty' },
    group: 'backend',
    guard: 'projects',
  },
  {
    key: 'project',
    path: 'projects/:id',
    aliases: { de: 'projekte/:id', nl: 'projecten/:id', pl: 'projekty/:id' },
    group: 'backend',
    guard: 'projects',
  },
  {
    key: 'lists',
    path: 'lists',
    aliases: { de: 'listen', nl: 'lijsten', pl: 'listy' },
    group: 'backend',
    guard: 'lists',
  },
  {
    key: 'availability',
    path: 'availability',
    aliases: { de: 'verfuegbarkeit', nl: 'beschikbaarheid', pl: 'dostepnosc' },
    group: 'backend',
    guard: 'availability',
  },
  {
    key: 'contacts',
    path: 'contacts',
    aliases: { de: 'kontakte', nl: 'contacten', pl: 'kontakty' },
    group: 'backend',
    guard: 'contacts',
  },
  { key: 'chats', path: 'chats', aliases: { pl: 'czaty' }, group: 'backend', guard: 'chats' },
  { key: 'chat', path: 'chats/:channel', aliases: { pl: 'czaty/:channel' }, group: 'backend', guard: 'chats' },
  {
    key: 'balances',
    path: 'balance',
    aliases: { de: 'saldo', nl: 'saldo', pl: 'saldo' },
    group: 'backend',
    guard: 'balances',
  },
  {
    key: 'balance',
    path: 'balance/:id',
    aliases: { de: 'saldo/:id', nl: 'saldo/:id', pl: 'saldo/:id' },
    group: 'backend',
    guard: 'balances',
  },
  {
    key: 'reports',
    path: 'reports',
    aliases: { de: 'berichte', nl: 'rapporten', pl: 'raporty' },
    group: 'backend',
    guard: 'reports',
  },
  {
    key: 'profile',
    path: 'profile',
    aliases: { de: 'profil', nl: 'profiel', pl: 'profil' },
    group: 'backend',
    guard: 'profile',
  },
  {
    key: 'apiAccess',
    path: 'api-access',
    aliases: { de: 'api-zugang', nl: 'api-toegang', pl: 'dostep-api' },
    group: 'backend',
    guard: 'apiAccess',
  },
  {
    key: 'notifications',
    path: 'notifications',
    aliases: { de: 'benachrichtigungen', nl: 'meldingen', pl: 'powiadomienia' },
    group: 'backend',
    guard: 'notifications',
  },
  {
    key: 'timesheet',
    path: 'timesheet/:page?',
    aliases: { de: 'stundenzettel/:page?', nl: 'urenregistratie/:page?', pl: 'godziny/:page?' },
    group: 'backend',
    guard: 'hours',
  },
  {
    key: 'employees',
    path: 'employees',
    aliases: { de: 'mitarbeiter', nl: 'medewerkers', pl: 'pracownicy' },
    group: 'backend',
    guard: 'employees',
  },
  {
    key: 'employee',
    path: 'employees/:id',
    aliases: { de: 'mitarbeiter/:id', nl: 'medewerkers/:id', pl: 'pracownicy/:id' },
    group: 'backend',
    guard: 'employees',
  },
  {
    key: 'employeeDossiers',
    path: 'employees/:id/dossiers',
    aliases: { de: 'mitarbeiter/:id/dossiers', nl: 'medewerkers/:id/dossiers', pl: 'pracownicy/:id/akta' },
    group: 'backend',
    guard: 'employees',
  },
  {
    key: 'resources',
    path: 'resources',
    aliases: { de: 'ressourcen', nl: 'middelen', pl: 'zasoby' },
    group: 'backend',
    guard: 'resources',
  },
  {
    key: 'resource',
    path: 'resources/:id',
    aliases: { de: 'ressourcen/:id', nl: 'middelen/:id', pl: 'zasoby/:id' },
    group: 'backend',
    guard: 'resources',
  },
  {
    key: 'vacation',
    path: 'vacation',
    aliases: { de: 'urlaub', nl: 'verlof', pl: 'urlop' },
    group: 'backend',
    guard: 'vacation',
  },
  {
    key: 'vacationNew',
    path: 'vacation/new',
    aliases: { de: 'urlaub/neu', nl: 'verlof/nieuw', pl: 'urlop/nowy' },
    group: 'backend',
    guard: 'vacation',
  },
  {
    key: 'vacationRequest',
    path: 'vacation/:id',
    aliases: { de: 'urlaub/:id', nl: 'verlof/:id', pl: 'urlop/:id' },
    group: 'backend',
    guard: 'vacation',
  },
  {
    key: 'log',
    path: 'log',
    aliases: { de: 'protokoll', nl: 'logboek', pl: 'dziennik' },
    group: 'backend',
    guard: 'log',
  },
  { key: 'modules', path: 'modules', aliases: { de: 'module', pl: 'moduly' }, group: 'backend', guard: 'modules' },
  {
    key: 'subscription',
    path: 'subscription',
    aliases: { de: 'abonnement', nl: 'abonnement', pl: 'subskrypcja' },
    group: 'backend',
    guard: 'subscription',
  },
  // Ours (docs/product/billing.md): the invoices on a page of their own (the subscription page shows the same list).
  {
    key: 'invoices',
    path: 'subscription/invoices',
    aliases: { de: 'abonnement/rechnungen', nl: 'abonnement/facturen', pl: 'subskrypcja/faktury' },
    group: 'backend',
    guard: 'subscription',
  },
  {
    key: 'subscriptionConfirm',
    path: 'subscription/confirm',
    aliases: { de: 'abonnement/bestaetigen', nl: 'abonnement/bevestigen', pl: 'subskrypcja/potwierdzenie' },
    group: 'backend',
    guard: 'subscription',
  },
  {
    key: 'statistics',
    path: 'statistics',
    aliases: { de: 'statistiken', nl: 'statistieken', pl: 'statystyki' },
    group: 'backend',
    guard: 'statistics',
  },
  {
    key: 'payslips',
    path: 'payslips',
    aliases: { de: 'gehaltsabrechnungen', nl: 'loonstroken', pl: 'paski-wynagrodzen' },
    group: 'backend',
    guard: 'payslips',
  },
  {
    key: 'documents',
    path: 'documents/:type?',
    aliases: { de: 'dokumente/:type?', nl: 'documenten/:type?', pl: 'dokumenty/:type?' },
    group: 'backend',
    guard: 'documents',
  },
  {
    key: 'freelancerInvoices',
    path: 'freelancer-invoices',
    aliases: { de: 'freelancer-rechnungen', nl: 'freelancer-facturen', pl: 'faktury-freelancerow' },
    group: 'backend',
    guard: 'freelancerInvoices',
  },
  {
    key: 'settings',
    path: 'settings/:section?',
    aliases: { de: 'einstellungen/:section?', nl: 'instellingen/:section?', pl: 'ustawienia/:section?' },
    group: 'backend',
    guard: 'settings',
  },
  {
    key: 'invoice',
    path: 'invoice/:id',
    aliases: { de: 'rechnung/:id', nl: 'factuur/:id', pl: 'faktura/:id' },
    group: 'invoice',
    guard: 'always',
  },
  // Frontend (public)
  { key: 'login', path: 'login', aliases: { de: 'anmelden', nl: 'inloggen', pl: 'logowanie' }, group: 'frontend' },
  {
    key: 'signin',
    path: 'login/signin',
    aliases: { de: 'anmelden/signin', nl: 'inloggen/signin', pl: 'logowanie/signin' },
    group: 'frontend',
  },
  {
    key: 'forgotPassword',
    path: 'login/forgot-password',
    aliases: {
      de: 'anmelden/passwort-vergessen',
      nl: 'inloggen/wachtwoord-vergeten',
      pl: 'logowanie/nie-pamietam-hasla',
    },
    group: 'frontend',
  },
  {
    key: 'requestConfirmation',
    path: 'login/request-confirmation',
    aliases: {
      de: 'anmelden/bestaetigung-anfordern',
      nl: 'inloggen/bevestiging-aanvragen',
      pl: 'logowanie/ponowne-potwierdzenie',
    },
    group: 'frontend',
  },
  {
    key: 'resetPassword',
    path: 'login/reset-password/:code',
    aliases: {
      de: 'anmelden/passwort-zuruecksetzen/:code',
      nl: 'inloggen/wachtwoord-herstellen/:code',
      pl: 'logowanie/nowe-haslo/:code',
    },
    group: 'frontend',
  },
  { key: 'signup', path: 'login/signup/:code', aliases: { pl: 'logowanie/rejestracja/:code' }, group: 'frontend' },
  {
    key: 'confirmEmail',
    path: 'login/confirm-email/:code/:account?',
    aliases: {
      de: 'anmelden/email-bestaetigen/:code/:account?',
      nl: 'inloggen/email-bevestigen/:code/:account?',
      pl: 'logowanie/potwierdz-email/:code/:account?',
    },
    group: 'frontend',
  },
  {
    key: 'acceptInvitation',
    path: 'login/accept-invitation/:code',
    aliases: {
      de: 'anmelden/einladung-annehmen/:code',
      nl: 'inloggen/uitnodiging-accepteren/:code',
      pl: 'logowanie/zaproszenie/:code',
    },
    group: 'frontend',
  },
  { key: 'twoFactorVerify', path: 'login/2fa/verify', aliases: { pl: 'logowanie/2fa/weryfikacja' }, group: 'frontend' },
  { key: 'twoFactorSetup', path: 'login/2fa/setup', aliases: { pl: 'logowanie/2fa/konfiguracja' }, group: 'frontend' },
  { key: 'welcome', path: 'welcome', aliases: { de: 'willkommen', nl: 'welkom', pl: 'witamy' }, group: 'frontend' },
  {
    key: 'register',
    path: 'register',
    aliases: { de: 'registrieren', nl: 'registreren', pl: 'rejestracja' },
    group: 'frontend',
  },
  { key: 'demo', path: 'demo', group: 'frontend' },
  { key: 'example', path: 'example', group: 'frontend' },
  { key: 'terms', path: 'terms', aliases: { de: 'agb', nl: 'voorwaarden', pl: 'regulamin' }, group: 'frontend' },
  {
    key: 'privacy',
    path: 'privacy',
    aliases: { de: 'datenschutz', nl: 'privacy', pl: 'prywatnosc' },
    group: 'frontend',
  },
  { key: 'contact', path: 'contact', aliases: { de: 'kontakt', nl: 'contact', pl: 'kontakt' }, group: 'frontend' },
  { key: 'logout', path: 'logout', group: 'empty' },
  { key: 'dashboard', path: 'dashboard/:id/:hash', group: 'empty' },
  { key: 'setup', path: 'setup/:id/:token', group: 'wizard' },
  { key: 'wizard', path: 'wizard', group: 'wizard' },
  { key: 'wizardStart', path: 'wizard/start/:id/:token', group: 'wizard' },
  { key: 'wizardStep', path: 'wizard/step', group: 'wizard' },
  { key: 'invoiceDownload', path: 'i/:id/:hash', group: 'empty' },
];

export const ROUTE_BY_KEY: Readonly<Record<string, RouteDef>> = Object.fromEntries(ROUTES.map((r) => [r.key, r]));

/** The path of a route in a language: the translated alias where one exists. */
export function localizedPath(key: string, locale: Locale, params: Record<string, string> = {}): string {
  const route = ROUTE_BY_KEY[key];
  if (!route) throw new Error(`unknown route ${key}`);
  const pattern = route.aliases?.[locale] ?? route.path;
  const filled = pattern
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      const name = seg.replace(/^:/, '').replace(/\?$/, '');
      return params[name] ?? (seg.endsWith('?') ? '' : seg);
    })
    .filter((seg) => seg !== '')
    .join('/');
  return `/${locale}/${filled}`;
}

/** Every path pattern a route answers to (English and translated aliases), for the router. */
export function routePatterns(route: RouteDef): string[] {
  return [...new Set([route.path, ...Object.values(route.aliases ?? {})])];
}

/** How well a pattern fits a path's segments: -1 when it does not, else more for more literal segments. */
function patternFit(pattern: string, segments: readonly string[]): number {
  const parts = pattern.split('/');
  const required = parts.filter((p) => !p.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return -1;
  let literal = 0;
  for (const [i, segment] of segments.entries()) {
    const part = parts[i] as string;
    if (part.startsWith(':')) continue;
    if (part !== segment) return -1;
    literal++;
  }
  return literal;
}

/**
 * The route a page's path (/{lang}/...) names, as the web's router picks it: of the patterns that fit, the one with
 * the most literal segments ("planning/overview" before "planning/:id"). Null for a path outside every route.
 */
export function routeOfPath(pathname: string): { locale: Locale; route: RouteDef } | null {
  const [lang, ...segments] = pathname.split('/').filter((s) => s !== '');
  if (!lang || !(LOCALES as readonly string[]).includes(lang) || segments.length === 0) return null;
  let best: { route: RouteDef; fit: number } | null = null;
  for (const route of ROUTES) {
    for (const pattern of routePatterns(route)) {
      const fit = patternFit(pattern, segments);
      if (fit >= 0 && (!best || fit > best.fit)) best = { route, fit };
    }
  }
  return best ? { locale: lang as Locale, route: best.route } : null;
}
