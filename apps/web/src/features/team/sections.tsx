import {
  CONTACT_VISIBILITIES,
  LOCALES,
  type MemberAccessUpdate,
  type MemberDetail,
  PLANNING_SCOPES,
  type Rate,
  RIGHTS,
  type Right,
  ROLES,
  type Role,
  SALUTATIONS,
} from '@app/contracts';
import { formatMoney, lockedOwnChanges, loginAccessRequired } from '@app/domain';
import {
  Alert,
  Checkbox,
  Fieldset,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/DateField';
import { centsToText } from '../../ui/money';
import type { ProfileValues } from './forms';

type ProfileForm = UseFormReturnType<ProfileValues>;
export type AccessForm = UseFormReturnType<MemberAccessUpdate>;
export interface HoldingsValues {
  locationIds: string[];
  dutyIds: string[];
  tagIds: string[];
  costCentreIds: string[];
}
export type HoldingsForm = UseFormReturnType<HoldingsValues>;
export interface Option {
  value: string;
  label: string;
}

/**
 * Personal data, job, login access and contact. Own name and birthday stay once set; the address once registered;
 * name, address and language of a person who also works for another company are theirs (`identityLocked`).
 */
export function ProfileSection({
  form,
  detail,
  identityLocked,
}: {
  form: ProfileForm;
  detail: MemberDetail;
  identityLocked: boolean;
}) {
  const { t } = useTranslation();
  // One's own name and birthday stay once set: the rule the server asks too (lockedOwnChanges).
  const lockedOwn = detail.self ? lockedOwnChanges(detail.profile, { fname: '', lname: '', birthday: null }) : [];
  const lockedName = lockedOwn.includes('fname') || identityLocked;
  const lockedLast = lockedOwn.includes('lname') || identityLocked;
  const sharedHint = identityLocked ? t('team.identitySharedHint') : undefined;
  const lockedBirthday = lockedOwn.includes('birthday');
  const loginRequired = loginAccessRequired(detail.access.roles);
  return (
    <Stack gap="lg">
      <Fieldset legend={t('team.fs.personal')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Select
            label={t('team.f.salutation')}
            clearable
            data={SALUTATIONS.map((s) => ({ value: s, label: t(`team.salutations.${s}`) }))}
            {...form.getInputProps('salutation')}
          />
          <TextInput label={t('team.f.title')} {...form.getInputProps('title')} value={form.values.title ?? ''} />
          <TextInput
            label={t('team.f.fname')}
            required
            disabled={lockedName}
            description={sharedHint ?? (lockedName ? t('team.lockedOwnHint') : undefined)}
            data-testid="member-fname"
            {...form.getInputProps('fname')}
          />
          <TextInput
            label={t('team.f.lname')}
            disabled={lockedLast}
            data-testid="member-lname"
            {...form.getInputProps('lname')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="sm">
          <DateField
            label={t('team.f.birthday')}
            disabled={lockedBirthday}
            {...form.getInputProps('birthday')}
            value={form.values.birthday}
            onChange={(v) => form.setFieldValue('birthday', v)}
          />
          <Select
            label={t('team.f.locale')}
            allowDeselect={false}
            disabled={identityLocked}
            description={sharedHint}
            data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            {...form.getInputProps('locale')}
          />
          <TextInput
            label={t('team.f.employeeNumber')}
            {...form.getInputProps('employeeNumber')}
            value={form.values.employeeNumber ?? ''}
          />
          <TextInput label={t('team.f.vatId')} {...form.getInputProps('vatId')} value={form.values.vatId ?? ''} />
        </SimpleGrid>
        <Textarea
          mt="sm"
          label={t('team.f.about')}
          autosize
          minRows={2}
          {...form.getInputProps('about')}
          value={form.values.about ?? ''}
        />
      </Fieldset>

      <Fieldset legend={t('team.fs.job')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('team.f.jobTitle')}
            data-testid="member-job-title"
            {...form.getInputProps('jobTitle')}
            value={form.values.jobTitle ?? ''}
          />
          <DateField
            label={t('team.f.hireDate')}
            {...form.getInputProps('hireDate')}
            value={form.values.hireDate}
            onChange={(v) => form.setFieldValue('hireDate', v)}
          />
          <DateField
            label={t('team.f.endDate')}
            {...form.getInputProps('endDate')}
            value={form.values.endDate}
            onChange={(v) => form.setFieldValue('endDate', v)}
          />
        </SimpleGrid>
        <Textarea
          mt="sm"
          label={t('team.f.internalNotes')}
          autosize
          minRows={2}
          {...form.getInputProps('internalNotes')}
          value={form.values.internalNotes ?? ''}
        />
        <Checkbox
          mt="xs"
          label={t('team.f.internalNotesVisible')}
          {...form.getInputProps('internalNotesVisible', { type: 'checkbox' })}
        />
      </Fieldset>

      <Fieldset legend={t('team.fs.login')}>
        <Stack gap="xs">
          <SegmentedControl
            data={(['yes', 'no', 'other'] as const).map((a) => ({
              value: a,
              label: t(`team.accessKind.${a}`),
              disabled: loginRequired && a !== 'yes',
            }))}
            {...form.getInputProps('access')}
            aria-label={t('team.fs.login')}
          />
          <Text size="sm" c="dimmed">
            {t(`team.accessHint.${form.values.access}`)}
          </Text>
          {form.errors.access && (
            <Text size="sm" c="red">
              {form.errors.access}
            </Text>
          )}
          <TextInput
            label={t('team.f.email')}
            type="email"
            required
            disabled={detail.emailLocked || identityLocked}
            description={sharedHint ?? (detail.emailLocked ? t('team.emailLockedHint') : undefined)}
            data-testid="member-email"
            {...form.getInputProps('email')}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('team.fs.contact')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('team.f.phone')}
            type="tel"
            {...form.getInputProps('phone')}
            value={form.values.phone ?? ''}
          />
          <TextInput
            label={t('team.f.mobile')}
            type="tel"
            {...form.getInputProps('mobile')}
            value={form.values.mobile ?? ''}
          />
          <TextInput
            label={t('team.f.emergencyNumber')}
            type="tel"
            {...form.getInputProps('emergencyNumber')}
            value={form.values.emergencyNumber ?? ''}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }} mt="sm">
          <TextInput label={t('team.f.address')} {...form.getInputProps('address')} value={form.values.address ?? ''} />
          <TextInput label={t('team.f.zip')} {...form.getInputProps('zip')} value={form.values.zip ?? ''} />
          <TextInput label={t('team.f.city')} {...form.getInputProps('city')} value={form.values.city ?? ''} />
          <TextInput label={t('team.f.country')} {...form.getInputProps('country')} value={form.values.country ?? ''} />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}

/**
 * Salary (fixed or hourly, the rate as typed: comma or dot) and bank details. An hourly wage may follow a rate of
 * the settings: choosing one fills in its amount (a rate in use cannot be deleted there).
 */
export function SalarySection({
  form,
  rates,
  locale,
}: {
  form: ProfileForm;
  rates: Rate[] | undefined;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Fieldset legend={t('team.fs.salary')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('team.f.salaryKind')}
            clearable
            data={(['hourly', 'fixed'] as const).map((k) => ({ value: k, label: t(`team.salaryKind.${k}`) }))}
            {...form.getInputProps('salaryKind')}
          />
          {rates && (
            <Select
              label={t('avatars.rate')}
              description={t('avatars.rateHint')}
              clearable
              searchable
              data-testid="member-rate-id"
              data={rates.map((r) => ({ value: r.id, label: `${r.name} · ${formatMoney(r.hourlyCents, locale)}` }))}
              {...form.getInputProps('rateId')}
              value={form.values.rateId ?? null}
              onChange={(value) => {
                form.setFieldValue('rateId', value);
                const rate = rates.find((r) => r.id === value);
                if (rate) {
                  form.setFieldValue('salaryKind', 'hourly');
                  form.setFieldValue('rate', centsToText(rate.hourlyCents, locale));
                }
              }}
            />
          )}
          <TextInput
            label={form.values.salaryKind === 'fixed' ? t('team.f.rateMonthly') : t('team.f.rateHourly')}
            inputMode="decimal"
            leftSection="€"
            placeholder="0,00"
            data-testid="member-rate"
            {...form.getInputProps('rate')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('team.fs.bank')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('team.f.iban')}
            autoComplete="off"
            data-testid="member-iban"
            {...form.getInputProps('iban')}
            value={form.values.iban ?? ''}
          />
          <TextInput
            label={t('team.f.bic')}
            autoComplete="off"
            {...form.getInputProps('bic')}
            value={form.values.bic ?? ''}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}

const rightKey = (r: Right) => r.replace(/\./g, '_');

/** Roles, additional rights (each with what it allows) and restrictions. Nobody changes their own. */
export function AccessSection({
  form,
  detail,
  mayToggleOwner,
  keepsOwner,
  locations,
  duties,
}: {
  form: AccessForm;
  detail: MemberDetail;
  /** Whether the actor may make or unmake this member an owner (mayChangeMemberAccess). */
  mayToggleOwner: boolean;
  /** The account holder stays an owner (they hand the account over first). */
  keepsOwner: boolean;
  locations: Option[];
  duties: Option[];
}) {
  const { t } = useTranslation();
  const locked = detail.self;
  const roles = form.values.roles;
  const toggleRole = (role: Role, on: boolean) =>
    form.setFieldValue('roles', on ? [...roles, role] : roles.filter((r) => r !== role));
  const toggleRight = (right: Right, on: boolean) =>
    form.setFieldValue('rights', on ? [...form.values.rights, right] : form.values.rights.filter((r) => r !== right));
  const planning = roles.some((r) => r === 'owner' || r === 'manager' || r === 'planner');
  return (
    <Stack gap="lg">
      {locked && (
        <Alert color="blue" data-testid="access-self">
          {t('team.ownAccessLocked')}
        </Alert>
      )}
      {keepsOwner && !locked && (
        <Alert color="blue" data-testid="access-holder">
          {t('team.accountHolderStays')}
        </Alert>
      )}
      <Fieldset legend={t('team.fs.roles')} disabled={locked}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {ROLES.map((role) => (
            <Checkbox
              key={role}
              label={t(`roles.${role}`)}
              description={t(`team.roleHint.${role}`)}
              checked={roles.includes(role)}
              disabled={role === 'owner' && !mayToggleOwner}
              onChange={(e) => toggleRole(role, e.currentTarget.checked)}
              data-testid={`role-${role}`}
            />
          ))}
        </SimpleGrid>
        {form.errors.roles && (
          <Text size="sm" c="red" mt="xs">
            {form.errors.roles}
          </Text>
        )}
      </Fieldset>

      <Fieldset legend={t('team.fs.rights')} disabled={locked}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {RIGHTS.map((right) => (
            <Checkbox
              key={right}
              label={t(`team.rights.${rightKey(right)}.label`)}
              description={t(`team.rights.${rightKey(right)}.hint`)}
              checked={form.values.rights.includes(right)}
              onChange={(e) => toggleRight(right, e.currentTarget.checked)}
              data-testid={`right-${right}`}
            />
          ))}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('team.fs.restrictions')} disabled={locked}>
        <Stack gap="md">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="scope-label">
              {t('team.f.planningScope')}
            </Text>
            <SegmentedControl
              aria-labelledby="scope-label"
              data={PLANNING_SCOPES.map((s) => ({ value: s, label: t(`team.scope.${s}`) }))}
              {...form.getInputProps('planningScope')}
              data-testid="member-scope"
            />
            <Text size="xs" c="dimmed">
              {t(`team.scopeHint.${form.values.planningScope}`)}
            </Text>
          </Stack>
          {form.values.planningScope === 'some' && (
            <MultiSelect
              label={t('team.f.scopeLocations')}
              data={locations}
              searchable
              data-testid="member-scope-locations"
              {...form.getInputProps('scopeLocationIds')}
            />
          )}
          <MultiSelect
            label={t('team.f.scopeDuties')}
            description={t('team.scopeDutiesHint')}
            placeholder={form.values.scopeDutyIds.length ? undefined : t('team.allDuties')}
            data={duties}
            searchable
            {...form.getInputProps('scopeDutyIds')}
          />
          {roles.includes('manager') && (
            <Switch
              label={t('team.f.managerLimited')}
              description={t('team.managerLimitedHint')}
              {...form.getInputProps('managerLimited', { type: 'checkbox' })}
            />
          )}
          {planning && (
            <Switch
              label={t('team.f.plannerRestricted')}
              description={t('team.plannerRestrictedHint')}
              {...form.getInputProps('plannerRestricted', { type: 'checkbox' })}
            />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('team.fs.contactVisibility')} disabled={locked}>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="contact-visibility-label">
            {t('team.f.contactVisibility')}
          </Text>
          <SegmentedControl
            aria-labelledby="contact-visibility-label"
            data={CONTACT_VISIBILITIES.map((v) => ({ value: v, label: t(`team.contactVisibility.${v}`) }))}
            {...form.getInputProps('contactVisibility')}
            data-testid="member-contact-visibility"
          />
          <Text size="xs" c="dimmed">
            {t(`team.contactVisibilityHint.${form.values.contactVisibility ?? 'public'}`)}
          </Text>
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** The plannings, duties and tags a member holds, and the cost centres they book on. */
export function HoldingsSection({
  form,
  locations,
  duties,
  tags,
  costCentres,
}: {
  form: HoldingsForm;
  locations: Option[];
  duties: Option[];
  tags: Option[];
  costCentres: Option[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Fieldset legend={t('team.fs.holdings')}>
        <Stack gap="sm">
          <MultiSelect
            label={t('team.f.locations')}
            description={t('team.locationsHint')}
            data={locations}
            searchable
            data-testid="member-locations"
            {...form.getInputProps('locationIds')}
          />
          <MultiSelect
            label={t('team.f.duties')}
            description={t('team.dutiesHint')}
            data={duties}
            searchable
            data-testid="member-duties"
            {...form.getInputProps('dutyIds')}
          />
          <MultiSelect label={t('team.f.tags')} data={tags} searchable {...form.getInputProps('tagIds')} />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('team.fs.costCentres')}>
        <MultiSelect
          label={t('team.f.costCentres')}
          description={t('team.costCentresHint')}
          data={costCentres}
          searchable
          {...form.getInputProps('costCentreIds')}
        />
      </Fieldset>
    </Stack>
  );
}
