/**
 * The web's one door to the date and time formats of packages/domain (docs/product/app.md, "Dates and times"):
 * screens import from here, never build a format of their own (format.test.ts finds hand-made ones).
 */
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDuration,
  formatLongDate,
  formatMonth,
  formatNumericDate,
  formatShortDate,
  formatTime,
  formatTimeRange,
  formatWeekday,
  formatWeekdayDate,
} from '@app/domain';

export {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDuration,
  formatLongDate,
  formatMonth,
  formatNumericDate,
  formatShortDate,
  formatTime,
  formatTimeRange,
  formatWeekday,
  formatWeekdayDate,
};
