import type { Locale } from '@app/contracts';

/** The few words a planning's feed writes itself, in each language the product speaks. */
export const FEED_WORDS: Record<Locale, { open: string; sick: string }> = {
  en: { open: 'Open', sick: 'sick' },
  de: { open: 'Offen', sick: 'krank' },
  nl: { open: 'Open', sick: 'ziek' },
  pl: { open: 'Wolny dyżur', sick: 'chory' },
};
