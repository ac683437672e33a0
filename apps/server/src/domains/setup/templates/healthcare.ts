import type { IndustryTemplate } from './types';

/** Practices, care homes and home care: round-the-clock shifts and qualified staff. */
export const HEALTHCARE: IndustryTemplate = {
  industry: 'healthcare',
  duties: [
    {
      identifier: 'N',
      name: { en: 'Nursing', de: 'Pflege', nl: 'Verpleging', pl: 'Pielęgniarstwo' },
      color: '#1c7ed6',
      restHours: 11,
    },
    {
      identifier: 'CA',
      name: { en: 'Care assistant', de: 'Pflegehilfe', nl: 'Verzorging', pl: 'Opiekun' },
      color: '#2f9e44',
      restHours: 11,
    },
    {
      identifier: 'R',
      name: { en: 'Reception', de: 'Empfang', nl: 'Receptie', pl: 'Recepcja' },
      color: '#f08c00',
      restHours: 11,
    },
    {
      identifier: 'DR',
      name: { en: 'Physician', de: 'Arzt', nl: 'Arts', pl: 'Lekarz' },
      color: '#c2255c',
      restHours: 11,
    },
  ],
  shifts: [
    {
      identifier: { en: 'E', de: 'F', nl: 'V', pl: 'R' },
      name: { en: 'Early', de: 'Früh', nl: 'Vroeg', pl: 'Poranna' },
      start: '06:00',
      end: '14:00',
      break: 30,
    },
    {
      identifier: { en: 'L', de: 'S', nl: 'L', pl: 'P' },
      name: { en: 'Late', de: 'Spät', nl: 'Laat', pl: 'Popołudniowa' },
      start: '14:00',
      end: '22:00',
      break: 30,
    },
    {
      identifier: { en: 'N', de: 'N', nl: 'N', pl: 'N' },
      name: { en: 'Night', de: 'Nacht', nl: 'Nacht', pl: 'Nocna' },
      start: '22:00',
      end: '06:00',
      break: 45,
    },
  ],
  location: { name: { en: 'Ward', de: 'Station', nl: 'Afdeling', pl: 'Oddział' } },
  costCentre: { name: { en: 'Care', de: 'Pflege', nl: 'Zorg', pl: 'Opieka' }, code: '1000' },
  modules: [
    'roster',
    'hours',
    'availability',
    'shifts',
    'tags',
    'sickness',
    'vacation',
    'today',
    'chats',
    'contacts',
    'documents',
    'university',
  ],
  tags: [{ en: 'First aid', de: 'Erste Hilfe', nl: 'EHBO', pl: 'Pierwsza pomoc' }],
};
