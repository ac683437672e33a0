import { readFileSync } from 'node:fs';
import type { Locale, Role } from '@app/contracts';
import { type AccessContext, DEFAULT_MODULES, localizedPath, MENU, visibleMenu } from '@app/domain';
import { expect, type Page } from '@playwright/test';
import { BUILT_ROUTES } from '../../apps/web/src/app/builtRoutes';

export const PASSWORD = 'Welcome123';

export interface SampleLogin {
  role: string;
  email: string;
  roles: Role[];
  rights: string[];
}

const EMPLOYEE_RIGHTS = ['colleagues.view', 'hours.own', 'vacation.request'];

/** The sample sign-ins of the "Bistro Central" account whose menus the flows check. */
export const SAMPLE_LOGINS: SampleLogin[] = [
  { role: 'owner', email: 'owner@example.com', roles: ['owner'], rights: [] },
  { role: 'manager', email: 'manager@example.com', roles: ['manager'], rights: [] },
  { role: 'planner', email: 'planner@example.com', roles: ['planner'], rights: [] },
  { role: 'supervisor', email: 'supervisor@example.com', roles: ['supervisor'], rights: EMPLOYEE_RIGHTS },
  { role: 'employee', email: 'employee@example.com', roles: ['user'], rights: EMPLOYEE_RIGHTS },
  // Reports are the accountant's menu entry (docs/product/reports.md).
  { role: 'accountant', email: 'accountant@example.com', roles: ['accountant'], rights: [] },
];

/** What the sample member looks like to the menu rules on a desktop browser. */
export function sampleAccess(login: SampleLogin): AccessContext {
  return {
    roles: login.roles,
    rights: login.rights,
    // The Bistro keeps time-for-time balances (sample/vacation.ts).
    modules: [...DEFAULT_MODULES, 'balances'],
    account: { demo: false, special: false, usable: true, companyVisible: false, contactsPublic: false },
    // The sample gives staff, freelancers and supervisors the availability flag (apps/server/src/sample/seed.ts).
    membership: {
      availability: login.roles.some((r) => r === 'user' || r === 'freelancer' || r === 'supervisor'),
      balance: login.roles.includes('user'),
      managerLimited: false,
      locationCount: 1,
    },
    superUser: false,
    desktop: true,
  };
}

/** The menu entries the member must see: the domain's visibility rules, limited to pages the web app has. */
export const expectedMenu = (login: SampleLogin) => visibleMenu(sampleAccess(login), BUILT_ROUTES).map((e) => e.key);
export const ALL_MENU_KEYS = MENU.map((e) => e.key);

type Catalog = Record<string, unknown>;
const catalogCache = new Map<Locale, Catalog>();

/** The web app's catalog of a language, to compare what the page says. */
export function catalog(locale: Locale): Catalog {
  let c = catalogCache.get(locale);
  if (!c) {
    const url = new URL(`../../apps/web/src/i18n/${locale}.json`, import.meta.url);
    c = JSON.parse(readFileSync(url, 'utf8')) as Catalog;
    catalogCache.set(locale, c);
  }
  return c;
}

/** A message of the web app's catalog by its dotted key. */
export function text(locale: Locale, key: string): string {
  let node: unknown = catalog(locale);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${locale}`);
  return node;
}

export async function signIn(page: Page, locale: Locale, email: string, password = PASSWORD) {
  await page.goto(localizedPath('login', locale));
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function expectOnOverview(page: Page, locale: Locale) {
  await expect(page).toHaveURL(new RegExp(`${localizedPath('overview', locale)}$`));
  await expect(page.getByTestId('overview-page')).toBeVisible();
}

/** Signs a sample person in on the login page and waits for their overview. */
export async function signInToOverview(page: Page, email: string, locale: Locale = 'en') {
  await signIn(page, locale, email);
  await expectOnOverview(page, locale);
}
