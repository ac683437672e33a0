import type { Notification } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatDateTime, formatWeekdayDate } from '../../ui/format';

/** A calendar date (YYYY-MM-DD) as the reader writes it; it names a day, so it is formatted in UTC. */
export const formatDay = (date: string | undefined, lang: string): string =>
  date ? formatWeekdayDate(date, lang) : '';

/** When a notification came, in the reader's words. */
export const formatWhen = (iso: string, lang: string) => formatDateTime(iso, lang);

/** The catalog key of a notification's sentence: answers have one for yes and one for no. */
export function textKey(n: Pick<Notification, 'event' | 'data'>): string {
  const yes = n.data.accepted === true;
  switch (n.event) {
    case 'signOutAnswered':
      return yes ? 'signOutAccepted' : 'signOutDenied';
    case 'applicationAnswered':
      return yes ? 'applicationAccepted' : 'applicationDenied';
    case 'vacationAnswered':
      return yes ? 'vacationApproved' : 'vacationDenied';
    case 'vacationRequested':
      return n.data.changed === true ? 'vacationChanged' : 'vacationRequested';
    case 'swapAnswered':
      return `swap_${n.data.outcome ?? 'withdrawn'}`;
    default:
      return n.event;
  }
}

export const notificationText = (t: TFunction, n: Pick<Notification, 'event' | 'data'>, lang: string) =>
  t(`notifications.text.${textKey(n)}`, {
    location: n.data.locationName ?? '',
    date: formatDay(n.data.date, lang),
    by: n.data.by ?? '',
    excerpt: n.data.excerpt ?? '',
  });
