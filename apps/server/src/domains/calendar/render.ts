import type { Locale } from '@app/contracts';
import { addDays, formatHHmm } from '@app/domain';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod } from 'ical-generator';

/** One duty as a calendar event. */
export interface FeedEvent {
  id: string;
  summary: string;
  description: string | null;
  location: string;
  date: string;
  fromMinutes: number | null;
  untilMinutes: number | null;
  /** Whether the duty has times (an untimed duty is an all-day event). */
  timed: boolean;
  updatedAt: Date;
}

/**
 * The revision of an event: seconds since 2020 of its last change, so every change raises it (calendar apps keep
 * the higher one) without a counter of our own. Fits a 32-bit integer until 2088.
 */
const SEQUENCE_EPOCH = Date.UTC(2020, 0, 1);
export const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH) / 1000));

/**
 * ical-generator writes DTSTAMP, LAST-MODIFIED and CREATED without the `Z` once the calendar has a zone, although
 * it writes their UTC digits; RFC 5545 wants them in UTC, marked so.
 */
const utcStamps = (text: string) => text.replace(/^(DTSTAMP|LAST-MODIFIED|CREATED):(\d{8}T\d{6})(\r?)$/gm, '$1:$2Z$3');

/** The iCalendar text of a feed: valid for Google, Apple and Outlook (docs/product/roster.md, "Calendar feeds"). */
export function renderCalendar(input: {
  name: string;
  locale: Locale;
  timeZone: string;
  host: string;
  events: FeedEvent[];
}): string {
  const calendar = ical({
    name: input.name,
    prodId: { company: 'Rosterly', product: 'roster', language: input.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // With the VTIMEZONE component (RFC 5545 requires it for every TZID used), so clients read real local times.
    timezone: { name: input.timeZone, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  for (const event of input.events) {
    const common = {
      id: `${event.id}@${input.host}`,
      summary: event.summary,
      description: event.description,
      location: event.location,
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
      sequence: sequenceOf(event.updatedAt),
    };
    if (event.timed && event.fromMinutes !== null && event.untilMinutes !== null) {
      // Local wall-clock times with the zone's TZID (a JS Date would be written in the server's own zone); an end
      // not after the start (or at 24:00) is on the next day.
      const sameDay = event.untilMinutes > event.fromMinutes && event.untilMinutes < 1440;
      const endDate = sameDay ? event.date : addDays(event.date, 1);
      calendar.createEvent({
        ...common,
        start: `${event.date}T${formatHHmm(event.fromMinutes)}:00`,
        end: `${endDate}T${formatHHmm(event.untilMinutes)}:00`,
        timezone: input.timeZone,
      });
    } else {
      calendar.createEvent({ ...common, start: new Date(`${event.date}T00:00:00Z`), allDay: true });
    }
  }
  return utcStamps(calendar.toString());
}
