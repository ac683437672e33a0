import type { ModuleKey } from '@app/contracts';

/**
 * Which module each API route belongs to, by its route pattern. A call to a route whose module is switched off
 * answers 403 MODULE_INACTIVE, as the web hides the page. The first matching rule wins.
 */
const RULES: readonly [RegExp, ModuleKey][] = [
  [/^\/api\/items\/:id\/sick$/, 'sickness'],
  [/^\/api\/items\/:id\/resource$/, 'resources'],
  [/^\/api\/items(\/|$)/, 'roster'],
  [/^\/api\/swaps(\/|$)/, 'roster'],
  [/^\/api\/item\/messages/, 'roster'],
  [/^\/api\/messages(\/|$)/, 'roster'],
  [/^\/api\/locations\/:location\/wall-screen$/, 'dashboard'],
  [/^\/api\/locations\/:location\/(notes|release|preset|users|matching|print)/, 'roster'],
  [/^\/api\/calendar-feed$/, 'roster'],
  [/^\/api\/availability$/, 'availability'],
  [/^\/api\/availability\/overview$/, 'availability'],
  [/^\/api\/sickness(\/|$)/, 'sickness'],
  [/^\/api\/memberships\/:id\/availability-defaults$/, 'availability'],
  [/^\/api\/settings\/availability$/, 'availability'],
  [/^\/api\/shifts(\/|$)/, 'shifts'],
  [/^\/api\/tags(\/|$)/, 'tags'],
  [/^\/api\/channels(\/|$)/, 'chats'],
  [/^\/api\/chat-contacts$/, 'chats'],
  [/^\/api\/memberships\/unread-chats$/, 'chats'],
  [/^\/api\/vacation(\/|$)/, 'vacation'],
  [/^\/api\/balances(\/|$)/, 'balances'],
  [/^\/api\/hours(\/|$)/, 'hours'],
  [/^\/api\/reports(\/|$)/, 'hours'],
  [/^\/api\/lists(\/|$)/, 'lists'],
  [/^\/api\/checkins(\/|$)/, 'checkins'],
  [/^\/api\/statistics$/, 'statistics'],
  [/^\/api\/today$/, 'today'],
  [/^\/api\/contacts$/, 'contacts'],
  [/^\/api\/clients(\/|$)/, 'clients'],
  [/^\/api\/client-invoices(\/|$)/, 'clients'],
  [/^\/api\/client-billing(\/|$)/, 'clients'],
  [/^\/api\/projects(\/|$)/, 'projects'],
  [/^\/api\/resources(\/|$)/, 'resources'],
  [/^\/api\/planning\/overview$/, 'planning'],
  [/^\/api\/members\/:id\/dossier$/, 'dossiers'],
  [/^\/api\/dossier(\/|$)/, 'dossiers'],
  [/^\/api\/documents(\/|$)/, 'documents'],
  [/^\/api\/memberships\/:id\/documents$/, 'documents'],
  [/^\/api\/freelancer-invoices(\/|$)/, 'freelancers'],
  [/^\/api\/company(\/|$)/, 'company'],
  [/^\/api\/payslips(\/|$)/, 'payslips'],
  [/^\/api\/lessons(\/|$)/, 'university'],
];

export function moduleOfRoute(routePattern: string | undefined): ModuleKey | null {
  if (!routePattern) return null;
  for (const [pattern, module] of RULES) if (pattern.test(routePattern)) return module;
  return null;
}
