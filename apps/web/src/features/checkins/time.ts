import { useSession } from '../../app/session';
import { formatTime } from '../../ui/format';

/** The local time of an instant in the account's time zone (where the duties' times are): 14:05. */
export const timeOf = (iso: string, locale: string, timeZone: string) => formatTime(iso, locale, timeZone);

/** `timeOf` bound to the page's language and the account's time zone. */
export function useTimeOf(lang: string) {
  const timeZone = useSession().account.settings.timeZone;
  return (iso: string) => timeOf(iso, lang, timeZone);
}
