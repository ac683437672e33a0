import { CheckinSettings } from '@app/contracts';
import { Alert, List, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CoordinatesPanel } from '../../checkins/CoordinatesPanel';
import { afterSettingsChange, checkinQuery, saveCheckin } from '../api';
import { SettingsForm } from '../SettingsForm';
import { SectionSkeleton } from './Loading';

/**
 * Check-in rules (docs/product/checkins.md): at the location within a radius (default 500 m), how early before the
 * start, and the automatic check-out. Check-ins at a location need its full address: the page names those
 * without one.
 */
export default function CheckinSection() {
  const { t } = useTranslation();
  const query = useQuery(checkinQuery);
  if (!query.data) return <SectionSkeleton rows={5} />;
  const { incompleteLocations } = query.data;
  const toForm = (s: CheckinSettings) => ({
    ...s,
    autoCheckout: s.checkinAutoCheckoutMinutes !== null,
    autoCheckoutMinutes: s.checkinAutoCheckoutMinutes ?? 30,
  });
  return (
    <Stack gap="lg">
      <SettingsForm
        schema={CheckinSettings}
        initial={toForm(query.data.settings)}
        toValue={({ autoCheckout, autoCheckoutMinutes, ...rest }) => ({
          ...rest,
          checkinAutoCheckoutMinutes: autoCheckout ? autoCheckoutMinutes : null,
        })}
        save={saveCheckin}
        fromSaved={(r) => toForm(r.settings)}
        onSaved={afterSettingsChange}
        testId="settings-checkin"
      >
        {(form) => (
          <Stack gap="lg">
            <Switch
              label={t('settings.checkin.locationRequired')}
              description={t('settings.checkin.locationRequiredHint')}
              {...form.getInputProps('checkinLocationRequired', { type: 'checkbox' })}
            />
            {form.values.checkinLocationRequired && incompleteLocations.length > 0 && (
              <Alert
                color="orange"
                variant="light"
                title={t('settings.checkin.incomplete')}
                data-testid="checkin-incomplete"
              >
                <List size="sm">
                  {incompleteLocations.map((l) => (
                    <List.Item key={l.id}>{l.name}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label={t('settings.checkin.radius')}
                suffix=" m"
                min={50}
                max={10000}
                step={50}
                allowDecimal={false}
                disabled={!form.values.checkinLocationRequired}
                data-testid="settings-checkin-radius"
                {...form.getInputProps('checkinRadiusMeters')}
              />
              <NumberInput
                label={t('settings.checkin.maxBefore')}
                description={t('settings.checkin.maxBeforeHint')}
                min={0}
                max={720}
                allowDecimal={false}
                {...form.getInputProps('checkinMaxMinutesBefore')}
              />
              <NumberInput
                label={t('settings.checkin.minBefore')}
                description={t('settings.checkin.minBeforeHint')}
                min={0}
                max={720}
                allowDecimal={false}
                {...form.getInputProps('checkinMinMinutesBefore')}
              />
            </SimpleGrid>
            <Switch
              label={t('settings.checkin.autoCheckout')}
              description={t('settings.checkin.autoCheckoutHint')}
              {...form.getInputProps('autoCheckout', { type: 'checkbox' })}
            />
            {form.values.autoCheckout && (
              <NumberInput
                label={t('settings.checkin.autoCheckoutMinutes')}
                min={0}
                max={1440}
                allowDecimal={false}
                w={{ base: '100%', sm: 260 }}
                {...form.getInputProps('autoCheckoutMinutes')}
                error={form.errors.checkinAutoCheckoutMinutes ?? form.errors.autoCheckoutMinutes}
              />
            )}
          </Stack>
        )}
      </SettingsForm>
      <CoordinatesPanel />
    </Stack>
  );
}
