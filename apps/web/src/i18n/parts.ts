/**
 * The catalogs in two parts (docs/product/app.md, "First load"): the first holds what the shell and the roster (the
 * page most visits open, on a slow phone too) say; the rest, the other pages' words, loads once the page has shown its
 * first content, and before any other page renders (router.tsx). `parts.test.ts` walks the shell's and the roster's
 * modules and fails when one of them names a namespace of the later part.
 */
export const LATER_NAMESPACES: readonly string[] = [
  'acceptInvitation',
  'api',
  'availability',
  'availabilityPage',
  'avatars',
  'balances',
  'billing',
  'checkins',
  'clients',
  'codeFailure',
  'companyPage',
  'confirmEmail',
  'contact',
  'contactsBook',
  'documents',
  'dossier',
  'forgotPassword',
  'freelance',
  'hours',
  'invoicing',
  'lists',
  'log',
  'login',
  'modules',
  'modulesPage',
  'nextSteps',
  'overview',
  'password',
  'passwordRules',
  'payslips',
  'planningOverview',
  'privacy',
  'profile',
  'profileForm',
  'projects',
  'requestConfirmation',
  'resetPassword',
  'resources',
  'settings',
  'setupWizard',
  'signup',
  'staffFileTemplate',
  'statistics',
  'subscriptionPage',
  'terms',
  'today',
  'twoFactor',
  'vacation',
];

/** The routes whose pages render with the first part alone (the later part follows their first content). */
export const FIRST_PART_ROUTES: readonly string[] = ['roster', 'rosterLocation'];

export type CatalogPart = 'first' | 'later';

/** A catalog's namespaces of one part. */
export function catalogPart(catalog: Record<string, unknown>, part: CatalogPart): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalog).filter(([namespace]) => LATER_NAMESPACES.includes(namespace) === (part === 'later')),
  );
}
