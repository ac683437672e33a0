import { AdvancedSettings, BREAK_OPTIONS } from '@app/contracts';
import { Group, NumberInput, Radio, Select, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { advancedQuery, afterSettingsChange, saveAdvanced } from '../api';
import { SettingsForm } from '../SettingsForm';
import { SectionSkeleton } from './Loading';

/**
 * Applications for open duties, sign-up confirmation, contact visibility, duties per person and day, and the break
 * rule new times start with.
 */
export default function AdvancedSection() {
  const { t } = useTranslation();
  const query = useQuery(advancedQuery);
  if (!query.data) return <SectionSkeleton rows={4} />;
  return (
    <SettingsForm
      schema={AdvancedSettings}
      initial={query.data}
      save={saveAdvanced}
      fromSaved={(s) => s}
      onSaved={afterSettingsChange}
      testId="settings-advanced"
    >
      {(form) => (
        <Stack gap="lg">
          <Switch
            label={t('settings.advanced.employeesMustApply')}
            description={t('settings.advanced.employeesMustApplyHint')}
            {...form.getInputProps('employeesMustApply', { type: 'checkbox' })}
          />
          <Switch
            label={t('settings.advanced.signupConfirmation')}
            description={t('settings.advanced.signupConfirmationHint')}
            {...form.getInputProps('placeholderSignupNeedsConfirmation', { type: 'checkbox' })}
          />
          <Switch
            label={t('settings.advanced.swapsApproveAutomatically')}
            description={t('settings.advanced.swapsApproveAutomaticallyHint')}
            {...form.getInputProps('swapsApproveAutomatically', { type: 'checkbox' })}
            data-testid="settings-swaps-automatic"
          />
          <Radio.Group
            label={t('settings.advanced.contactsVisibility')}
            description={t('settings.advanced.contactsVisibilityHint')}
            {...form.getInputProps('contactsVisibility')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="private" label={t('settings.advanced.contacts.private')} />
              <Radio value="public" label={t('settings.advanced.contacts.public')} />
            </Stack>
          </Radio.Group>
          <NumberInput
            label={t('settings.advanced.maxItemsPerDay')}
            description={t('settings.advanced.maxItemsPerDayHint')}
            min={1}
            max={5}
            allowDecimal={false}
            w={{ base: '100%', sm: 260 }}
            {...form.getInputProps('maxItemsPerDay')}
          />
          <Group gap="md" align="flex-start">
            {(['breakAfterSixHours', 'breakAfterNineHours'] as const).map((field) => (
              <Select
                key={field}
                label={t(`settings.advanced.${field}`)}
                description={field === 'breakAfterSixHours' ? t('settings.advanced.breakRuleHint') : undefined}
                allowDeselect={false}
                w={{ base: '100%', sm: 260 }}
                data={BREAK_OPTIONS.map((b) => ({ value: String(b), label: t('settings.minutes', { count: b }) }))}
                data-testid={`settings-${field}`}
                {...form.getInputProps(field)}
                value={String(form.values[field])}
                onChange={(v) => v !== null && form.setFieldValue(field, Number(v) as (typeof BREAK_OPTIONS)[number])}
              />
            ))}
          </Group>
        </Stack>
      )}
    </SettingsForm>
  );
}
