import type { TFunction } from 'i18next';

/**
 * Names for the arrow buttons of Mantine's calendars (they have no text of their own). The header's level button
 * ("November 2026") gets none: its visible text is its name (WCAG 2.5.3, label in name).
 */
export const calendarAriaLabels = (t: TFunction) => ({
  previousMonth: t('ui.calendar.previousMonth'),
  nextMonth: t('ui.calendar.nextMonth'),
  previousYear: t('ui.calendar.previousYear'),
  nextYear: t('ui.calendar.nextYear'),
  previousDecade: t('ui.calendar.previousDecade'),
  nextDecade: t('ui.calendar.nextDecade'),
});
