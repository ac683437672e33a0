import { Duty, DutyCreate, REST_HOURS_MAX } from '@app/contracts';
import { formatMoney } from '@app/domain';
import { Badge, ColorInput, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/useLang';
import { MoneyInput } from '../../../ui/MoneyInput';
import { centsToText, textToCents } from '../../../ui/money';
import { dutiesQuery } from '../../catalog/api';
import { afterSettingsChange, resource } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';

const duties = resource<DutyCreate, typeof Duty>('/api/duties', Duty);
const SWATCHES = ['#e8590c', '#1c7ed6', '#7048e8', '#2f9e44', '#c2255c', '#f08c00', '#1098ad', '#495057'];

function DutyEditor({ row, done, deleteButton }: EditorProps<Duty>) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SettingsForm
      bare
      alwaysSavable={!row}
      extra={deleteButton}
      schema={DutyCreate}
      initial={{
        identifier: row?.identifier ?? '',
        name: row?.name ?? '',
        color: row?.color ?? SWATCHES[1],
        restHours: row?.restHours ?? 11,
        overrideRate: centsToText(row?.overrideRateCents, lang),
        trashed: row?.trashed ?? false,
      }}
      toValue={({ overrideRate, ...rest }) => ({ ...rest, overrideRateCents: textToCents(overrideRate) }) as DutyCreate}
      save={(v) => (row ? duties.update(row.id, v) : duties.create(v))}
      onSaved={() => {
        afterSettingsChange();
        done();
      }}
      testId="duty-form"
    >
      {(form) => (
        <Stack gap="md">
          <SimpleGrid cols={2}>
            <TextInput
              label={t('settings.duties.identifier')}
              description={t('settings.duties.identifierHint')}
              required
              maxLength={5}
              data-testid="duty-identifier"
              {...form.getInputProps('identifier')}
            />
            <ColorInput
              label={t('settings.duties.color')}
              swatches={SWATCHES}
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('color')}
            />
          </SimpleGrid>
          <TextInput
            label={t('settings.duties.name')}
            required
            data-testid="duty-name"
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('settings.duties.restHours')}
              description={t('settings.duties.restHoursHint')}
              min={0}
              max={REST_HOURS_MAX}
              allowDecimal={false}
              {...form.getInputProps('restHours')}
            />
            <MoneyInput
              label={t('settings.duties.overrideRate')}
              description={t('settings.duties.overrideRateHint')}
              {...form.getInputProps('overrideRate')}
              error={form.errors.overrideRateCents ?? form.errors.overrideRate}
            />
          </SimpleGrid>
          {row && (
            <Switch
              label={t('settings.trashed')}
              description={t('settings.duties.trashedHint')}
              {...form.getInputProps('trashed', { type: 'checkbox' })}
            />
          )}
        </Stack>
      )}
    </SettingsForm>
  );
}

/** The duties (functions): identifier, name, colour, rest hours after each duty, an override rate. */
export default function DutiesSection() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <EntityList<Duty>
      testId="duties"
      query={dutiesQuery}
      nameOf={(d) => d.name}
      searchText={(d) => `${d.identifier} ${d.name}`}
      newLabel={t('settings.duties.new')}
      emptyText={t('settings.duties.empty')}
      remove={(d) => duties.remove(d.id)}
      inUseHint={t('settings.duties.inUseHint')}
      dimmed={(d) => d.trashed}
      Editor={DutyEditor}
      columns={[
        {
          key: 'name',
          label: t('settings.duties.name'),
          render: (d) => (
            <Group gap={6} wrap="wrap">
              <span className="settings-swatch" style={{ background: d.color }} aria-hidden />
              <Text fw={600} size="sm">
                {d.identifier}
              </Text>
              <Text size="sm">{d.name}</Text>
              {d.trashed && (
                <Badge size="xs" color="gray" variant="default">
                  {t('settings.inTrash')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          key: 'rest',
          label: t('settings.duties.restHours'),
          render: (d) => t('settings.hours', { count: d.restHours }),
        },
        {
          key: 'rate',
          label: t('settings.duties.overrideRate'),
          wide: true,
          render: (d) => (d.overrideRateCents != null ? `${formatMoney(d.overrideRateCents, lang)} €` : '—'),
        },
      ]}
    />
  );
}
