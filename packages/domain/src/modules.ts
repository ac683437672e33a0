import { MODULES, type ModuleKey } from '@app/contracts';

/**
 * What each module needs switched on. The graph is ours (docs/product/modules.md); it follows what the modules read:
 * everything about hours needs the roster, check-ins and balances need hours, and so on. Documented in
 * docs/architecture.md.
 */
export const MODULE_REQUIRES: Record<ModuleKey, readonly ModuleKey[]> = {
  roster: [],
  hours: ['roster'],
  availability: ['roster'],
  appointments: ['roster'],
  shifts: ['roster'],
  tags: ['roster'],
  rates: ['hours'],
  balances: ['hours'],
  sickness: ['roster'],
  payroll: ['hours'],
  lists: ['hours'],
  costs: ['hours'],
  chats: [],
  tempstaffing: ['roster'],
  blueprint: ['roster'],
  weather: ['roster'],
  vacation: ['availability'],
  dashboard: ['roster'],
  today: ['roster'],
  statistics: ['hours'],
  university: [],
  dossiers: [],
  contacts: [],
  planning: ['roster'],
  contracts: ['dossiers'],
  onboarding: [],
  payslips: ['documents'],
  documents: [],
  checkins: ['hours'],
  clients: ['planning'],
  resources: ['roster'],
  calculations: ['rates'],
  signature: ['hours'],
  newsletter: [],
  company: [],
  freelancers: ['hours'],
  projects: ['clients'],
};

/**
 * Modules an account may have stored but that the product does not offer (docs/product/modules.md, "Not offered"):
 * nothing is built behind appointments, the temp-staffing link, blueprint, calculations, the newsletter and
 * onboarding; contract templates and cost centres belong to every account, so a switch named after them would switch
 * nothing. The modules page leaves them out and switching one on is refused (`MODULE_NOT_OFFERED`); a stored one
 * stays where it is, harmless.
 */
export const MODULES_NOT_OFFERED: readonly ModuleKey[] = [
  'appointments',
  'tempstaffing',
  'blueprint',
  'calculations',
  'newsletter',
  'onboarding',
  'contracts',
  'costs',
];

/** Whether the modules page shows the module and it may be switched on. */
export const isModuleOffered = (key: ModuleKey): boolean => !MODULES_NOT_OFFERED.includes(key);

/** The modules the modules page offers, in the catalogue's order: each gates what its name says. */
export const OFFERED_MODULES: readonly ModuleKey[] = MODULES.filter(isModuleOffered);

/** Modules a new account starts with. */
export const DEFAULT_MODULES: readonly ModuleKey[] = [
  'roster',
  'hours',
  'availability',
  'shifts',
  'tags',
  'sickness',
  'chats',
  'vacation',
  'today',
  'planning',
  'contacts',
  'university',
  'documents',
];

/** Every module `key` needs, directly or through others, in dependency order. */
export function requirementsOf(key: ModuleKey): ModuleKey[] {
  const seen = new Set<ModuleKey>();
  const visit = (k: ModuleKey) => {
    for (const r of MODULE_REQUIRES[k]) {
      if (!seen.has(r)) {
        visit(r);
        seen.add(r);
      }
    }
  };
  visit(key);
  return [...seen];
}

/** Modules that need `key`, directly or through others. */
export function dependentsOf(key: ModuleKey): ModuleKey[] {
  return MODULES.filter((m) => m !== key && requirementsOf(m).includes(key));
}

export type ModuleToggle =
  | { ok: true; modules: ModuleKey[]; alsoActivated: ModuleKey[] }
  | { ok: false; code: 'MODULE_DEPENDENTS'; dependents: ModuleKey[] };

/**
 * Switches one module. Switching on also switches on what it requires; switching off is refused while an
 * active module depends on it, naming those dependents.
 */
export function toggleModule(active: readonly ModuleKey[], key: ModuleKey, on: boolean): ModuleToggle {
  const current = new Set(active);
  if (on) {
    const alsoActivated = requirementsOf(key).filter((r) => !current.has(r));
    for (const r of alsoActivated) current.add(r);
    current.add(key);
    return { ok: true, modules: MODULES.filter((m) => current.has(m)), alsoActivated };
  }
  const dependents = dependentsOf(key).filter((d) => current.has(d));
  if (dependents.length > 0) return { ok: false, code: 'MODULE_DEPENDENTS', dependents };
  current.delete(key);
  return { ok: true, modules: MODULES.filter((m) => current.has(m)), alsoActivated: [] };
}
