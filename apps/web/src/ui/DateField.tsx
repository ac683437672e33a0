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
 * 2050, typed or picked (the focus back on the field when the picker closes); the value is YYYY-MM-DD or null.
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
  return (
    <DateInput
      id={picker.id}
      popoverProps={{ id: picker.popoverId, returnFocus: true }}
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
