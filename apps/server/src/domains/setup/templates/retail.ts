import type { IndustryTemplate } from './types';

/** Shops and stores: tills, stock and the sales floor, opening to closing. */
export const RETAIL: IndustryTemplate = {
  industry: 'retail',
  duties: [
    {
      identifier: 'CA',
      name: { en: 'Cashier', de: 'Kasse', nl: 'Kassa', pl: 'Kasa' },
      color: '#1098ad',
      restHours: 11,
    },
    {
      identifier: 'SF',
      name: { en: 'Sales floor', de: 'Verkauf', nl: 'Verkoop', pl: 'Sala sprzedaży' },
      color: '#1c7ed6',
      restHours: 11,
    },
    {
      identifier: 'ST',
      name: { en: 'Stock', de: 'Lager', nl: 'Magazijn', pl: 'Magazyn' },
      color: '#f08c00',
      restHours: 11,
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
      identifier: { en: 'O', de: 'F', nl: 'O', pl: 'O' },
      name: { en: 'Opening', de: 'Früh', nl: 'Opening', pl: 'Otwarcie' },
      start: '08:00',
      end: '14:00',
      break: 30,
    },
    {
      identifier: { en: 'C', de: 'S', nl: 'S', pl: 'Z' },
      name: { en: 'Closing', de: 'Spät', nl: 'Sluiting', pl: 'Zamknięcie' },
      start: '14:00',
      end: '20:00',
      break: 30,
    },
    {
      identifier: { en: 'FD', de: 'T', nl: 'HD', pl: 'CD' },
      name: { en: 'Full day', de: 'Ganztags', nl: 'Hele dag', pl: 'Cały dzień' },
      start: '09:00',
      end: '18:00',
      break: 60,
    },
  ],
  location: { name: { en: 'Store', de: 'Filiale', nl: 'Winkel', pl: 'Sklep' } },
  costCentre: { name: { en: 'Store', de: 'Filiale', nl: 'Winkel', pl: 'Sklep' }, code: '1000' },
  modules: ['roster', 'hours', 'availability', 'shifts', 'sickness', 'vacation', 'today', 'chats', 'university'],
  tags: [{ en: 'Key holder', de: 'Schlüsselträger', nl: 'Sleutelhouder', pl: 'Posiadacz klucza' }],
};
