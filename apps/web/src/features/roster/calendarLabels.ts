import type { TFunction } from 'i18next';

/** Names for the buttons of Mantine's calendars (they have no text of their own). */
export const calendarAriaLabels = (t: TFunction) => ({
  previousMonth: t('roster.calendar.previousMonth'),
  nextMonth: t('roster.calendar.nextMonth'),
  previousYear: t('roster.calendar.previousYear'),
  nextYear: t('roster.calendar.nextYear'),
  previousDecade: t('roster.calendar.previousDecade'),
  nextDecade: t('roster.calendar.nextDecade'),
  monthLevelControl: t('roster.calendar.monthLevel'),
  yearLevelControl: t('roster.calendar.yearLevel'),
});
