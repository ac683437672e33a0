import { formatMoney } from '@app/domain';
import { formatDuration } from '../../ui/format';

/** Worked minutes as hours and minutes: 7:30 h. */
export const formatMinutes = (minutes: number) => formatDuration(minutes, { unit: true });

/** Cents in the reader's locale with the euro sign. */
export const formatEuro = (cents: number, locale: string) => `${formatMoney(cents, locale)} €`;
