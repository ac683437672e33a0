import { AvailabilitySettings } from '@app/contracts';
import { NumberInput, Radio, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { afterSettingsChange, availabilityQuery, saveAvailability } from '../api';
import { SettingsForm } from '../SettingsForm';
import { SectionSkeleton } from './Loading';

const POLICIES = ['deny', 'warn', 'allow'] as const;

/** How far ahead availability must be entered, what planners may do with unavailable staff, and who edits it. */
export default function AvailabilitySection() {
  const { t } = useTranslation();
  const query = useQuery(availabilityQuery);
  if (!query.data) return <SectionSkeleton rows={3} />;
  return (
    <SettingsForm
      schema={AvailabilitySettings}
      initial={query.data}
      save={saveAvailability}
      fromSaved={(s) => s}
      onSaved={afterSettingsChange}
      testId="settings-availability"
    >
      {(form) => (
        <Stack gap="lg">
          <NumberInput
            label={t('settings.availability.weeksAhead')}
            description={t('settings.availability.weeksAheadHint')}
            min={0}
            max={52}
            allowDecimal={false}
            w={{ base: '100%', sm: 260 }}
            data-testid="settings-availability-weeks"
            {...form.getInputProps('availabilityWeeksAhead')}
          />
          <Radio.Group
            label={t('settings.availability.policy')}
            description={t('settings.availability.policyHint')}
            {...form.getInputProps('unavailablePolicy')}
          >
            <Stack gap="xs" mt="xs">
              {POLICIES.map((p) => (
                <Radio
                  key={p}
                  value={p}
                  label={t(`settings.availability.policies.${p}.label`)}
                  description={t(`settings.availability.policies.${p}.hint`)}
                  data-testid={`settings-policy-${p}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Switch
            label={t('settings.availability.plannersMayChange')}
            description={t('settings.availability.plannersMayChangeHint')}
            {...form.getInputProps('plannersMayChangeAvailability', { type: 'checkbox' })}
          />
        </Stack>
      )}
    </SettingsForm>
  );
}
