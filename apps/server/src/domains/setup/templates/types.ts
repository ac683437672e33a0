import type { Industry, Locale, ModuleKey } from '@app/contracts';

/** A text in every language of the product. */
export type Localized = Record<Locale, string>;

/**
 * What a company of one industry starts with (docs/product/setup.md): the wizard's defaults for functions (duties),
 * activities (shifts) and modules, and the planning (location) and cost centre it creates. Data, one file each.
 */
export interface IndustryTemplate {
  industry: Industry;
  duties: { identifier: string; name: Localized; color: string; restHours: number }[];
  /** Shift codes per language, from the shift's name in it (the grid shows them in the cell). */
  shifts: { identifier: Localized; name: Localized; start: string; end: string; break: number }[];
  location: { name: Localized };
  costCentre: { name: Localized; code: string };
  modules: readonly ModuleKey[];
  /** Qualifications the sample gives its people (the wizard does not ask for them). */
  tags: Localized[];
}
