import { DEFAULT_COST_CENTRE_NAME, DEFAULT_LOCATION_NAME } from '@app/contracts';
import { DEFAULT_MODULES } from '@app/domain';
import type { IndustryTemplate } from './types';

/** Restaurants, cafés, bars and caterers: the sample's Bistro Central is built from this catalog. */
export const GASTRONOMY: IndustryTemplate = {
  industry: 'gastronomy',
  duties: [
    {
      identifier: 'K',
      name: { en: 'Kitchen', de: 'Küche', nl: 'Keuken', pl: 'Kuchnia' },
      color: '#e8590c',
      restHours: 11,
    },
    {
      identifier: 'SV',
      name: { en: 'Service', de: 'Service', nl: 'Bediening', pl: 'Obsługa sali' },
      color: '#1c7ed6',
      restHours: 11,
    },
    { identifier: 'B', name: { en: 'Bar', de: 'Bar', nl: 'Bar', pl: 'Bar' }, color: '#7048e8', restHours: 11 },
    {
      identifier: 'D',
      name: { en: 'Dishwashing', de: 'Spülküche', nl: 'Afwas', pl: 'Zmywak' },
      color: '#2f9e44',
      restHours: 0,
    },
    {
      identifier: 'SL',
      name: { en: 'Shift lead', de: 'Schichtleitung', nl: 'Shiftleider', pl: 'Kierownik zmiany' },
      color: '#c2255c',
      restHours: 11,
    },
  ],
  shifts: [
    {
      identifier: { en: 'E', de: 'F', nl: 'V', pl: 'R' },
      name: { en: 'Early', de: 'Früh', nl: 'Vroeg', pl: 'Poranna' },
      start: '07:00',
      end: '15:00',
      break: 30,
    },
    {
      identifier: { en: 'M', de: 'M', nl: 'M', pl: 'Ś' },
      name: { en: 'Middle', de: 'Mittel', nl: 'Midden', pl: 'Środkowa' },
      start: '11:00',
      end: '19:00',
      break: 30,
    },
    {
      identifier: { en: 'L', de: 'S', nl: 'L', pl: 'P' },
      name: { en: 'Late', de: 'Spät', nl: 'Laat', pl: 'Popołudniowa' },
      start: '15:00',
      end: '23:00',
      break: 30,
    },
  ],
  location: { name: { en: DEFAULT_LOCATION_NAME, de: 'Hauptsitz', nl: 'Hoofdvestiging', pl: 'Siedziba' } },
  costCentre: {
    name: { en: DEFAULT_COST_CENTRE_NAME, de: 'Allgemeine Kosten', nl: 'Algemene kosten', pl: 'Koszty ogólne' },
    code: '1000',
  },
  modules: DEFAULT_MODULES,
  tags: [
    { en: 'First aid', de: 'Erste Hilfe', nl: 'EHBO', pl: 'Pierwsza pomoc' },
    { en: 'Barista', de: 'Barista', nl: 'Barista', pl: 'Barista' },
    { en: 'Sommelier', de: 'Sommelier', nl: 'Sommelier', pl: 'Sommelier' },
    { en: 'Key holder', de: 'Schlüsselträger', nl: 'Sleutelhouder', pl: 'Posiadacz klucza' },
  ],
};
