import { DEFAULT_COST_CENTRE_NAME, DEFAULT_LOCATION_NAME } from '@app/contracts';
import type { IndustryTemplate } from './types';

/** Any other company: a team, a lead and a day shift to start from. */
export const OTHER: IndustryTemplate = {
  industry: 'other',
  duties: [
    { identifier: 'T', name: { en: 'Team', de: 'Team', nl: 'Team', pl: 'Zespół' }, color: '#1c7ed6', restHours: 11 },
    {
      identifier: 'TL',
      name: { en: 'Team lead', de: 'Teamleitung', nl: 'Teamleider', pl: 'Kierownik zespołu' },
      color: '#c2255c',
      restHours: 11,
    },
  ],
  shifts: [
    {
      identifier: { en: 'D', de: 'T', nl: 'D', pl: 'D' },
      name: { en: 'Day', de: 'Tag', nl: 'Dag', pl: 'Dzienna' },
      start: '09:00',
      end: '17:00',
      break: 30,
    },
    {
      identifier: { en: 'M', de: 'V', nl: 'O', pl: 'R' },
      name: { en: 'Morning', de: 'Vormittag', nl: 'Ochtend', pl: 'Przedpołudnie' },
      start: '08:00',
      end: '12:00',
      break: 0,
    },
    {
      identifier: { en: 'A', de: 'N', nl: 'M', pl: 'P' },
      name: { en: 'Afternoon', de: 'Nachmittag', nl: 'Middag', pl: 'Popołudnie' },
      start: '13:00',
      end: '17:00',
      break: 0,
    },
  ],
  location: { name: { en: DEFAULT_LOCATION_NAME, de: 'Hauptsitz', nl: 'Hoofdvestiging', pl: 'Siedziba' } },
  costCentre: {
    name: { en: DEFAULT_COST_CENTRE_NAME, de: 'Allgemeine Kosten', nl: 'Algemene kosten', pl: 'Koszty ogólne' },
    code: '1000',
  },
  modules: ['roster', 'hours', 'availability', 'shifts', 'vacation', 'chats', 'university'],
  tags: [],
};
