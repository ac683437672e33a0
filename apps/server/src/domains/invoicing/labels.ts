import type { Locale } from '@app/contracts';
import type { InvoiceWords } from '@app/domain';

/** The words of a drafted client invoice's lines in the invoice's language (every language holds every key). */
interface LineLabels {
  hours: string;
  hoursOfDuty: string;
  premium: string;
  travel: string;
}

const LABELS: Record<Locale, LineLabels> = {
  en: {
    hours: '{group}: hours worked',
    hoursOfDuty: '{group}: {duty}, hours worked',
    premium: '{group}: premium {name} ({percent} %)',
    travel: '{group}: travel allowance per shift',
  },
  de: {
    hours: '{group}: geleistete Stunden',
    hoursOfDuty: '{group}: {duty}, geleistete Stunden',
    premium: '{group}: Zuschlag {name} ({percent} %)',
    travel: '{group}: Fahrtkostenpauschale je Schicht',
  },
  nl: {
    hours: '{group}: gewerkte uren',
    hoursOfDuty: '{group}: {duty}, gewerkte uren',
    premium: '{group}: toeslag {name} ({percent} %)',
    travel: '{group}: reiskostenvergoeding per dienst',
  },
  pl: {
    hours: '{group}: przepracowane godziny',
    hoursOfDuty: '{group}: {duty}, przepracowane godziny',
    premium: '{group}: dodatek {name} ({percent} %)',
    travel: '{group}: ryczałt za dojazd za zmianę',
  },
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => params[key] ?? m);

export function lineWords(locale: Locale): InvoiceWords {
  const l = LABELS[locale] ?? LABELS.en;
  return {
    hours: (group, duty) => (duty ? fill(l.hoursOfDuty, { group, duty }) : fill(l.hours, { group })),
    premium: (group, name, percent) => fill(l.premium, { group, name, percent: String(percent) }),
    travel: (group) => fill(l.travel, { group }),
  };
}
