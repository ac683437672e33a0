import {
  PROFILE_CONDITION_OPS,
  type ProfileCondition,
  type ProfileConditionOp,
  type ProfileField,
  type ProfileTemplate,
  type ProfileValue,
} from '@app/contracts';
import { CONDITION_OPS_WITH_VALUE, conditionTargets } from '@app/domain';
import { Button, Checkbox, Group, Modal, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/useLang';
import { fieldLabel } from '../../profile/staffFile/words';

type Conditions = Pick<ProfileField, 'if' | 'requiredIf'>;

interface Props {
  field: ProfileField;
  template: ProfileTemplate;
  /** The server's word on this field's conditions, by path below the field ("if.field", "requiredIf.value"). */
  errors: Record<string, string>;
  onClose: () => void;
  onApply: (conditions: Conditions) => void;
}

/**
 * "Show this field only when …" and "require it also when …" (docs/product/profiles.md): another field, how it is
 * compared and with what. The template's save checks them (a field that exists, not the field itself, a value where
 * the comparison needs one).
 */
export function ConditionDialog({ field, template, errors, onClose, onApply }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ProfileCondition | null>(field.if);
  const [required, setRequired] = useState(field.requiredIf);
  const name = fieldLabel(field, useLang(), t);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staffFileTemplate.conditions.title', { name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="condition-dialog"
    >
      <Stack>
        <Switch
          label={t('staffFileTemplate.conditions.showWhen')}
          checked={shown !== null}
          onChange={(e) => setShown(e.currentTarget.checked ? blank(template, field) : null)}
          data-testid="condition-if"
        />
        {shown && (
          <ConditionEditor
            part="if"
            condition={shown}
            onChange={setShown}
            template={template}
            field={field}
            errors={errors}
          />
        )}
        <Switch
          label={t('staffFileTemplate.conditions.requireWhen')}
          checked={required !== null}
          onChange={(e) =>
            setRequired(e.currentTarget.checked ? { ...blank(template, field), employer: true, employee: true } : null)
          }
          data-testid="condition-required-if"
        />
        {required && (
          <>
            <ConditionEditor
              part="requiredIf"
              condition={required}
              onChange={(c) => setRequired({ ...required, ...c })}
              template={template}
              field={field}
              errors={errors}
            />
            <Group>
              <Checkbox
                label={t('staffFileTemplate.requiredEmployer')}
                checked={required.employer}
                onChange={(e) => setRequired({ ...required, employer: e.currentTarget.checked })}
              />
              <Checkbox
                label={t('staffFileTemplate.requiredEmployee')}
                checked={required.employee}
                onChange={(e) => setRequired({ ...required, employee: e.currentTarget.checked })}
              />
            </Group>
          </>
        )}
        <Text size="xs" c="dimmed">
          {t('staffFileTemplate.conditions.hint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onApply({ if: shown, requiredIf: required })} data-testid="condition-apply">
            {t('staffFileTemplate.conditions.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A first condition: on the first field it may look at, "has a value". */
const blank = (template: ProfileTemplate, field: ProfileField): ProfileCondition => ({
  field: conditionTargets(template, field.id)[0]?.id ?? '',
  op: 'exists',
});

/** The operators offered: all but the nationality rule, which only the product's own fields use. */
const OPS = PROFILE_CONDITION_OPS.filter((op) => op !== 'after_brexit');

function ConditionEditor({
  part,
  condition,
  onChange,
  template,
  field,
  errors,
}: {
  part: 'if' | 'requiredIf';
  condition: ProfileCondition;
  onChange: (c: ProfileCondition) => void;
  template: ProfileTemplate;
  field: ProfileField;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const targets = conditionTargets(template, field.id);
  const target = targets.find((f) => f.id === condition.field);
  const needsValue = CONDITION_OPS_WITH_VALUE.includes(condition.op);
  const list = condition.op === 'in' || condition.op === 'not_in';
  const error = (key: string) => (errors[`${part}.${key}`] ? t(errors[`${part}.${key}`]) : undefined);
  const setValue = (value: ProfileValue | undefined) => onChange({ ...condition, value });
  const options = target?.options.map((o) => ({ value: o.value, label: o.label[lang as 'en'] ?? o.value })) ?? [];
  const label = t('staffFileTemplate.conditions.value');
  let valueInput = null;
  if (needsValue && list)
    valueInput = (
      <TagsInput
        label={label}
        data={options}
        value={Array.isArray(condition.value) ? condition.value : []}
        onChange={(v) => setValue(v)}
        error={error('value')}
        data-testid={`condition-${part}-value`}
      />
    );
  else if (needsValue && (target?.type === 'yesno' || target?.type === 'checkbox'))
    valueInput = (
      <Select
        label={label}
        data={[
          { value: 'true', label: t('profileForm.yes') },
          { value: 'false', label: t('profileForm.no') },
        ]}
        value={condition.value === undefined ? null : String(condition.value)}
        onChange={(v) => setValue(v === null ? undefined : v === 'true')}
        error={error('value')}
        data-testid={`condition-${part}-value`}
      />
    );
  else if (needsValue && options.length > 0)
    valueInput = (
      <Select
        label={label}
        data={options}
        value={typeof condition.value === 'string' ? condition.value : null}
        onChange={(v) => setValue(v ?? undefined)}
        error={error('value')}
        data-testid={`condition-${part}-value`}
      />
    );
  else if (needsValue)
    valueInput = (
      <TextInput
        label={label}
        value={condition.value === undefined ? '' : String(condition.value)}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          const number = target?.type === 'number' && raw.trim() !== '' ? Number(raw) : Number.NaN;
          setValue(raw === '' ? undefined : Number.isFinite(number) ? number : raw);
        }}
        error={error('value')}
        data-testid={`condition-${part}-value`}
      />
    );
  return (
    <Group align="flex-start" wrap="wrap" gap="sm">
      <Select
        label={t('staffFileTemplate.conditions.field')}
        data={targets.map((f) => ({ value: f.id, label: fieldLabel(f, lang, t) }))}
        value={condition.field || null}
        onChange={(v) => v && onChange({ field: v, op: condition.op })}
        allowDeselect={false}
        searchable
        error={error('field')}
        w={{ base: '100%', xs: 200 }}
        data-testid={`condition-${part}-field`}
      />
      <Select
        label={t('staffFileTemplate.conditions.op')}
        data={OPS.map((op) => ({ value: op, label: t(`staffFileTemplate.conditions.ops.${op}`) }))}
        value={condition.op}
        onChange={(v) => v && onChange({ ...condition, op: v as ProfileConditionOp, value: undefined })}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
        data-testid={`condition-${part}-op`}
      />
      {valueInput && <div style={{ flex: 1, minWidth: 160 }}>{valueInput}</div>}
    </Group>
  );
}
