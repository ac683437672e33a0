import type { TFunction } from 'i18next';

/**
 * Names for the arrow buttons of Mantine's calendars (they have no text of their own). The header's level button
 * ("November 2026") gets none: its visible text is its name (WCAG 2.5.3, label in name).
 */
export const calendarAriaLabels = (t: TFunction) => ({
  previousMonth: t('roster.calendar.previousMonth'),
  nextMonth: t('roster.calendar.nextMonth'),
  previousYear: t('roster.calendar.previousYear'),
  nextYear: t('roster.calendar.nextYear'),
  previousDecade: t('roster.calendar.previousDecade'),
  nextDecade: t('roster.calendar.nextDecade'),
});
