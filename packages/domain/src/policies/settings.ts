import type { ModuleKey } from '@app/contracts';
import { mayManageSettings } from './accounts';
import { mayManageCatalog } from './catalog';
import type { Member } from './member';

/**
 * The settings pages (docs/product/settings.md): general, availability, expenses, locations, functions, contracts,
 * shifts, costs, premiums, rates, tags, holidays, advanced, check-in, company; and ours: mail, the mail that could not
 * be delivered, docs/product/mail.md). The catalog pages (plannings, duties,
 * shifts, cost centres, tags) follow the catalog rule, so planners reach them (the settings guard names planners);
 * the account's own settings, money and documents follow the settings rule: owners and managers without the
 * manager limitation (the menu's settings rule).
 */
export const SETTINGS_SECTIONS = [
  'general',
  'availability',
  'expenses',
  'locations',
  'functions',
  'contracts',
  'shifts',
  'costs',
  'premiums',
  'rates',
  'tags',
  'holidays',
  'advanced',
  'check-in',
  'company',
  'mail',
  'staff-file',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

type SettingsMember = Pick<Member, 'roles' | 'rights' | 'managerLimited'>;

const CATALOG_SECTIONS: ReadonlySet<SettingsSection> = new Set(['locations', 'functions', 'shifts', 'costs', 'tags']);

/** The module a section configures; its page says when that module is off. */
export const SETTINGS_SECTION_MODULE: Partial<Record<SettingsSection, ModuleKey>> = {
  availability: 'availability',
  expenses: 'rates',
  shifts: 'shifts',
  premiums: 'rates',
  rates: 'rates',
  tags: 'tags',
  'check-in': 'checkins',
  company: 'company',
};

/**
 * Sections whose API refuses calls while the module is off (403 MODULE_INACTIVE): their page shows only the
 * notice then. The others can be prepared before the module is switched on.
 */
export const SETTINGS_SECTIONS_NEED_MODULE: ReadonlySet<SettingsSection> = new Set(['availability', 'shifts', 'tags']);

/** Whether the member may open (and change) one settings page. */
export function mayOpenSettingsSection(member: SettingsMember, section: SettingsSection): boolean {
  return CATALOG_SECTIONS.has(section) ? mayManageCatalog(member) : mayManageSettings(member);
}

/** The settings pages the member may open, in the menu's order. */
export const settingsSectionsFor = (member: SettingsMember): SettingsSection[] =>
  SETTINGS_SECTIONS.filter((s) => mayOpenSettingsSection(member, s));

export const isSettingsSection = (value: unknown): value is SettingsSection =>
  typeof value === 'string' && (SETTINGS_SECTIONS as readonly string[]).includes(value);

/** Rates, premiums, holidays, contract templates and the account's settings sections: the settings rule. */
export const mayManageRates = mayManageSettings;
export const mayManagePremiums = mayManageSettings;
export const mayManageHolidays = mayManageSettings;
export const mayManageContractTemplates = mayManageSettings;

/** Two-factor sign-in is required for this member by the account's settings. */
export function twoFactorRequiredFor(
  settings: { twoFactorRequired: boolean; twoFactorRoles: readonly string[] },
  roles: readonly string[],
): boolean {
  return settings.twoFactorRequired && roles.some((r) => settings.twoFactorRoles.includes(r));
}
