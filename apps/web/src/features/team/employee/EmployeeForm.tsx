import type { MemberDetail } from '@app/contracts';
import { hasModule, mayChangeIdentity, mayFileHrDocuments, takesOutAccountHolder } from '@app/domain';
import { Badge, Button, Fieldset, Group, Paper, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAccess } from '../../../app/session';
import { SicknessPanel } from '../../absence/SicknessPanel';
import { AvatarEditor } from '../../avatars/AvatarEditor';
import { PayslipsPanel } from '../../documents/PayslipsPanel';
import { DossierPanel } from '../../dossiers/DossierPanel';
import { StaffFile } from '../../profile/staffFile/StaffFile';
import { ContractsPanel } from '../ContractsPanel';
import { AccessSection, HoldingsSection, ProfileSection, SalarySection } from '../sections';

import { SettingsTab, settingsFieldsets } from './SettingsTab';
import type { EmployeeState, Tab } from './useEmployee';

/**
 * The tabs of one member (profile, staff file, access, plannings, salary, contracts, settings, absence, dossier,
 * payslips) and the save bar.
 */
export function EmployeeForm({ detail, e }: { detail: MemberDetail; e: EmployeeState }) {
  const {
    t,
    lang,
    save,
    tab,
    focusTab,
    profile,
    access,
    held,
    sicknessOn,
    mayKeepFile,
    refresh,
    actor,
    target,
    mayToggleOwner,
    options,
    rates,
    dirty,
    reset,
    saving,
    mayChange,
  } = e;
  const accessContext = useAccess();
  const fieldsets = settingsFieldsets(accessContext);
  const payslipsOn = hasModule(accessContext, 'payslips') && mayFileHrDocuments(actor);
  const settingsOn = fieldsets.timesheet || fieldsets.availability || fieldsets.balance;
  /** The tabs that change the member, read-only for someone who may not change them. */
  const changes = (children: ReactNode) => (
    <Fieldset variant="unstyled" disabled={!mayChange} p={0} m={0}>
      {children}
    </Fieldset>
  );
  const errorDot = (fields: string[], form: { errors: Record<string, unknown> }) =>
    fields.some((f) => form.errors[f]) ? (
      <Badge size="xs" color="red.9" circle aria-label={t('team.tabHasErrors')}>
        !
      </Badge>
    ) : null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Tabs value={tab} onChange={(v) => focusTab((v as Tab) ?? 'profile')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab
            value="profile"
            data-testid="tab-profile"
            rightSection={errorDot(['fname', 'lname', 'email', 'birthday', 'endDate', 'access'], profile)}
          >
            {t('team.tab.profile')}
          </Tabs.Tab>
          <Tabs.Tab value="file" data-testid="tab-file">
            {t('profileForm.tab')}
          </Tabs.Tab>
          <Tabs.Tab
            value="access"
            data-testid="tab-access"
            rightSection={errorDot(['roles', 'scopeLocationIds'], access)}
          >
            {t('team.tab.access')}
          </Tabs.Tab>
          <Tabs.Tab value="plannings" data-testid="tab-plannings">
            {t('team.tab.plannings')}
          </Tabs.Tab>
          <Tabs.Tab value="salary" data-testid="tab-salary" rightSection={errorDot(['rate', 'iban', 'bic'], profile)}>
            {t('team.tab.salary')}
          </Tabs.Tab>
          <Tabs.Tab value="contracts" data-testid="tab-contracts">
            {t('team.tab.contracts')}
          </Tabs.Tab>
          {settingsOn && (
            <Tabs.Tab value="settings" data-testid="tab-settings">
              {t('team.tab.settings')}
            </Tabs.Tab>
          )}
          {sicknessOn && (
            <Tabs.Tab value="absence" data-testid="tab-absence">
              {t('sickness.tab')}
            </Tabs.Tab>
          )}
          {mayKeepFile && (
            <Tabs.Tab value="dossier" data-testid="tab-dossier">
              {t('dossier.tab')}
            </Tabs.Tab>
          )}
          {payslipsOn && (
            <Tabs.Tab value="payslips" data-testid="tab-payslips">
              {t('payslips.title')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile">
          {changes(
            <>
              <Paper withBorder p="md" mb="lg" radius="md">
                <AvatarEditor membershipId={detail.id} fname={detail.profile.fname} lname={detail.profile.lname} />
              </Paper>
              <ProfileSection form={profile} detail={detail} identityLocked={!mayChangeIdentity(actor, target)} />
            </>,
          )}
        </Tabs.Panel>
        <Tabs.Panel value="file">
          <StaffFile membershipId={detail.id} onSaved={refresh} />
        </Tabs.Panel>
        <Tabs.Panel value="access">
          {changes(
            <AccessSection
              form={access}
              detail={detail}
              mayToggleOwner={mayToggleOwner}
              keepsOwner={takesOutAccountHolder(target, { roles: [] })}
              locations={options.locations}
              duties={options.duties}
            />,
          )}
        </Tabs.Panel>
        <Tabs.Panel value="plannings">{changes(<HoldingsSection form={held} {...options} />)}</Tabs.Panel>
        <Tabs.Panel value="salary">
          {changes(<SalarySection form={profile} rates={rates.data} locale={lang} />)}
        </Tabs.Panel>
        <Tabs.Panel value="contracts">{changes(<ContractsPanel membershipId={detail.id} />)}</Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab detail={detail} e={e} />
        </Tabs.Panel>
        <Tabs.Panel value="absence">
          <SicknessPanel membershipId={detail.id} />
        </Tabs.Panel>
        <Tabs.Panel value="dossier">{mayKeepFile && <DossierPanel membershipId={detail.id} />}</Tabs.Panel>
        <Tabs.Panel value="payslips">{payslipsOn && <PayslipsPanel membershipId={detail.id} />}</Tabs.Panel>
      </Tabs>
      {dirty && (
        <Paper className="member-savebar" p="sm" data-testid="member-save-bar">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('team.unsaved')}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={reset} disabled={saving}>
                {t('common.reset')}
              </Button>
              <Button type="submit" loading={saving} data-testid="member-save">
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </form>
  );
}
