import { formatMoney } from '@app/domain';

/** Worked minutes as hours and minutes: 7:30 h. */
export const formatMinutes = (minutes: number) =>
  `${minutes < 0 ? '-' : ''}${Math.floor(Math.abs(minutes) / 60)}:${String(Math.abs(minutes) % 60).padStart(2, '0')} h`;

/** Cents in the reader's locale with the euro sign. */
export const formatEuro = (cents: number, locale: string) => `${formatMoney(cents, locale)} €`;
