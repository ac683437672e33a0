import type { ProfileField, ProfileValue, UploadEntry } from '@app/contracts';
import type { ProfileFieldState, ProfileViewer } from '@app/domain';
import {
  Checkbox,
  Divider,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../ui/DateField';
import { useLang } from '../../../ui/useLang';
import { UploadField } from './UploadField';
import { fieldLabel, ownWords } from './words';

interface Props {
  /** Whose file, who fills it, and the files already there (for upload fields). */
  upload: { membershipId: string; viewer: ProfileViewer; files: readonly UploadEntry[] };
  field: ProfileField;
  state: ProfileFieldState;
  value: ProfileValue | null;
  error: string | undefined;
  onChange: (value: ProfileValue | null) => void;
}

/** One field of the staff file, drawn by its kind. */
export function FieldInput({ upload, field, state, value, error, onChange }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = fieldLabel(field, lang, t);
  const description = ownWords(field.description, lang) ?? undefined;
  const common = {
    label,
    description,
    error,
    required: state.required,
    disabled: state.disabled,
    'data-testid': `file-field-${field.id}`,
  };
  const text = typeof value === 'string' ? value : value === null ? '' : String(value);
  const options = field.options.map((o) => ({ value: o.value, label: ownWords(o.label, lang) ?? o.value }));
  switch (field.type) {
    case 'divider':
      return <Divider label={label} labelPosition="left" my="xs" />;
    case 'textarea':
      return (
        <Textarea {...common} autosize minRows={2} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'email':
      return <TextInput {...common} type="email" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'date':
      return <DateField {...common} value={text || null} onChange={(v) => onChange(v)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          step={field.step ?? 1}
          decimalScale={field.step !== null && field.step < 1 ? 2 : 0}
          value={typeof value === 'number' ? value : text}
          onChange={(v) => onChange(v === '' ? null : Number(v))}
        />
      );
    case 'checkbox':
      return (
        <Checkbox {...common} mt="xs" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />
      );
    case 'yesno':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${field.id}-label`}>
            {label}
            {state.required && (
              <Text span c="red.9" aria-hidden>
                {' *'}
              </Text>
            )}
          </Text>
          <SegmentedControl
            aria-labelledby={`${field.id}-label`}
            disabled={state.disabled}
            data-testid={common['data-testid']}
            value={value === true ? 'yes' : value === false ? 'no' : ''}
            onChange={(v) => onChange(v === 'yes')}
            data={[
              { value: 'yes', label: t('profileForm.yes') },
              { value: 'no', label: t('profileForm.no') },
            ]}
          />
          {error && (
            <Text size="xs" c="red.9">
              {error}
            </Text>
          )}
        </Stack>
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={text} onChange={(v) => onChange(v)}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={state.disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'select':
      return <Select {...common} data={options} value={text || null} clearable onChange={(v) => onChange(v)} />;
    case 'upload':
    case 'multi-upload':
      return (
        <UploadField
          membershipId={upload.membershipId}
          viewer={upload.viewer}
          field={field}
          state={state}
          label={label}
          description={description}
          files={upload.files}
          error={error}
        />
      );
    case 'auto':
      return <TextInput {...common} disabled readOnly value={text} />;
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
