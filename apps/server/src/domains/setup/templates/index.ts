import type { Industry, Locale, SetupDuty, SetupShift } from '@app/contracts';
import { withRequirements } from '@app/domain';
import { GASTRONOMY } from './gastronomy';
import { HEALTHCARE } from './healthcare';
import { OTHER } from './other';
import { RETAIL } from './retail';
import type { IndustryTemplate } from './types';

export type { IndustryTemplate, Localized } from './types';
export { GASTRONOMY, HEALTHCARE, OTHER, RETAIL };

export const TEMPLATES: Record<Industry, IndustryTemplate> = {
  gastronomy: GASTRONOMY,
  retail: RETAIL,
  healthcare: HEALTHCARE,
  other: OTHER,
};

/** The wizard's defaults of an industry (none chosen yet: other), worded in the account's language. */
export function templateDefaults(industry: Industry | null, locale: Locale) {
  const template = TEMPLATES[industry ?? 'other'];
  const duties: SetupDuty[] = template.duties.map((d) => ({
    identifier: d.identifier,
    name: d.name[locale],
    color: d.color,
  }));
  const shifts: SetupShift[] = template.shifts.map((s) => ({
    identifier: s.identifier[locale],
    name: s.name[locale],
    start: s.start,
    end: s.end,
    break: s.break as SetupShift['break'],
  }));
  return {
    duties,
    shifts,
    modules: withRequirements(template.modules),
    location: template.location.name[locale],
    costCentre: { name: template.costCentre.name[locale], code: template.costCentre.code },
    /** Rest hours by duty identifier: the wizard does not ask for them. */
    restHours: new Map(template.duties.map((d) => [d.identifier, d.restHours])),
  };
}
