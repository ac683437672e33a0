import { parseTypedDate } from './typedDate';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/de';
import 'dayjs/locale/nl';
import 'dayjs/locale/pl';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { calendarAriaLabels } from './calendarLabels';
import { useLang } from './useLang';
import { usePickerIds } from './usePickerIds';

/**
 * A date field as the product's pickers are (docs/product/app.md): weeks from Monday with week numbers, years 1950 to
 * 2050, typed or picked (the focus back on the field when the picker closes with the focus in it, or lost; not when
 * the person has moved on to another field, as Tab does); the value is YYYY-MM-DD or null.
 */
export function DateField(
  props: Omit<DateInputProps, 'value' | 'onChange'> & {
    value: string | null;
    onChange: (value: string | null) => void;
    'data-testid'?: string;
  },
) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  const lang = useLang();
  // Mantine's returnFocus would take the focus back from the next field after a Tab (what was typed there then went
  // into the date): back only from the calendar, or when nothing holds the focus once the closing has settled (while
  // the field is being left, the focus is on no element yet).
  const backToField = () => {
    const fromCalendar = document.getElementById(picker.popoverId)?.contains(document.activeElement) ?? false;
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (fromCalendar || !active || active === document.body) document.getElementById(picker.id)?.focus();
    });
  };
  return (
    <DateInput
      id={picker.id}
      popoverProps={{ id: picker.popoverId, onClose: backToField }}
      locale={lang}
      valueFormat="DD.MM.YYYY"
      dateParser={parseTypedDate}
      placeholder={t('ui.datePlaceholder')}
      minDate="1950-01-01"
      maxDate="2050-12-31"
      firstDayOfWeek={1}
      withWeekNumbers
      clearable
      clearButtonProps={{ 'aria-label': t('ui.clearDate') }}
      ariaLabels={calendarAriaLabels(t)}
      {...props}
      value={props.value || null}
      onChange={(v) => props.onChange(v ? String(v) : null)}
    />
  );
}
