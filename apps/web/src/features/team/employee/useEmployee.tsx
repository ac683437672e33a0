import {
  MemberAccessUpdate as AccessSchema,
  CONFIRM_ROLES,
  Holdings,
  type MemberAccessUpdate,
  MemberCostCentresUpdate,
  type MemberDetail,
  MemberProfileUpdate,
  MemberSettings,
} from '@app/contracts';
import {
  hasModule,
  mayChangeMember,
  mayChangeMemberAccess,
  mayChangeStatus,
  mayDeleteMember,
  mayKeepDossier,
  mayManageSettings,
  memberFromInit,
  takesOutAccountHolder,
} from '@app/domain';
import { Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api';
import { notify } from '../../../app/notify';
import { useAccess, useSession } from '../../../app/session';
import { useLang, usePathTo } from '../../../app/useLang';
import { useSchemaForm } from '../../../ui/useSchemaForm';
import { costCentresQuery, dutiesQuery, locationsQuery, tagsQuery } from '../../catalog/api';
import { rosterKeys } from '../../roster/api';
import { ratesListQuery } from '../../settings/api';
import {
  deleteMember,
  resendInvitation,
  setStatus,
  teamKeys,
  updateAccess,
  updateCostCentres,
  updateHoldings,
  updateProfile,
  updateSettings,
} from '../api';
import { wordConflict } from '../conflicts';
import { type ProfileValues, profileBody, profileValues } from '../forms';
import { fullName } from '../people';
import type { HoldingsValues } from '../sections';

const TABS = [
  'profile',
  'file',
  'access',
  'plannings',
  'salary',
  'contracts',
  'settings',
  'absence',
  'dossier',
  'payslips',
] as const;
export type Tab = (typeof TABS)[number];

const accessValues = (d: MemberDetail): MemberAccessUpdate => ({ ...d.access });

/** The plannings tab saves two requests: the holdings and the cost centres. */
const HoldingsForm = Holdings.extend(MemberCostCentresUpdate.shape);

/**
 * One member's page state: the catalogs its sections choose from, the profile, access and plannings forms with their
 * saves (one save bar for all), the status, invitation and deletion actions, and what the actor may do.
 */
export function useEmployee(detail: MemberDetail, holdings: HoldingsValues) {
  const { t } = useTranslation();
  const lang = useLang();
  const pathTo = usePathTo();
  const navigate = useNavigate();
  const session = useSession();
  const modules = useAccess();
  const sicknessOn = hasModule(modules, 'sickness');
  const dossiersOn = hasModule(modules, 'dossiers');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'profile';
  const locations = useQuery(locationsQuery);
  const duties = useQuery(dutiesQuery);
  const tags = useQuery(tagsQuery);
  const costCentres = useQuery(costCentresQuery);
  // The settings' rates: read by those who manage settings; others type the amount only.
  const rates = useQuery({ ...ratesListQuery, enabled: mayManageSettings(memberFromInit(session)), retry: false });
  const options = useMemo(
    () => ({
      locations: (locations.data ?? []).map((l) => ({ value: l.id, label: l.name })),
      duties: (duties.data ?? []).filter((d) => !d.trashed).map((d) => ({ value: d.id, label: d.name })),
      tags: (tags.data ?? []).map((tg) => ({ value: tg.id, label: tg.name })),
      costCentres: (costCentres.data ?? []).map((c) => ({
        value: c.id,
        label: c.code ? `${c.code} · ${c.name}` : c.name,
      })),
    }),
    [locations.data, duties.data, tags.data, costCentres.data],
  );

  const profileForm = useSchemaForm({
    schema: MemberProfileUpdate,
    initialValues: profileValues(detail, lang),
    toBody: profileBody,
    rename: { rateCents: 'rate' },
  });
  const accessForm = useSchemaForm({ schema: AccessSchema, initialValues: accessValues(detail) });
  const heldForm = useSchemaForm({ schema: HoldingsForm, initialValues: holdings });
  const settingsForm = useSchemaForm({ schema: MemberSettings, initialValues: detail.settings });
  const [profile, access, held, settings] = [profileForm.form, accessForm.form, heldForm.form, settingsForm.form];

  // What the server answered becomes the stored state the forms compare against.
  const stored = (next: MemberDetail) => {
    queryClient.setQueryData(teamKeys.member(detail.id), next);
    void queryClient.invalidateQueries({ queryKey: teamKeys.list() });
  };
  const profileMutation = useMutation({
    onError: (error) => {
      wordConflict(error);
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') profile.setFieldError('email', t('validation.taken'));
    },
    mutationFn: (values: ProfileValues) => updateProfile(detail.id, profileForm.body(values)),
    meta: { form: profileForm.fieldErrors },
    onSuccess: (next) => {
      stored(next);
      profile.setInitialValues(profileValues(next, lang));
      profile.reset();
    },
  });
  const accessMutation = useMutation({
    onError: wordConflict,
    mutationFn: (values: MemberAccessUpdate) => updateAccess(detail.id, accessForm.body(values)),
    meta: { form: accessForm.fieldErrors },
    onSuccess: (next) => {
      stored(next);
      access.setInitialValues(accessValues(next));
      access.reset();
    },
  });
  const holdingsMutation = useMutation({
    onError: wordConflict,
    mutationFn: async (values: HoldingsValues) => {
      const { costCentreIds, ...rest } = heldForm.body(values);
      await updateHoldings(detail.id, rest);
      return updateCostCentres(detail.id, costCentreIds);
    },
    meta: { form: heldForm.fieldErrors },
    onSuccess: (next, values) => {
      stored(next);
      queryClient.setQueryData(teamKeys.holdings(detail.id), {
        locationIds: values.locationIds,
        dutyIds: values.dutyIds,
        tagIds: values.tagIds,
      });
      void queryClient.invalidateQueries({ queryKey: rosterKeys.all });
      held.setInitialValues(values);
      held.reset();
    },
  });

  const settingsMutation = useMutation({
    onError: wordConflict,
    mutationFn: (values: MemberSettings) => updateSettings(detail.id, settingsForm.body(values)),
    meta: { form: settingsForm.fieldErrors },
    onSuccess: (next) => {
      stored(next);
      settings.setInitialValues(next.settings);
      settings.reset();
    },
  });

  const dirty = profile.isDirty() || access.isDirty() || held.isDirty() || settings.isDirty();
  const saving =
    profileMutation.isPending || accessMutation.isPending || holdingsMutation.isPending || settingsMutation.isPending;

  const runSave = async () => {
    const jobs: Promise<unknown>[] = [];
    if (profile.isDirty()) {
      if (profile.validate().hasErrors)
        return focusTab(profile.errors.iban || profile.errors.rate ? 'salary' : 'profile');
      jobs.push(profileMutation.mutateAsync(profile.values));
    }
    if (access.isDirty()) {
      if (access.validate().hasErrors) return focusTab('access');
      jobs.push(accessMutation.mutateAsync(access.values));
    }
    if (held.isDirty()) {
      if (held.validate().hasErrors) return focusTab('plannings');
      jobs.push(holdingsMutation.mutateAsync(held.values));
    }
    if (settings.isDirty()) jobs.push(settingsMutation.mutateAsync(settings.values));
    const results = await Promise.allSettled(jobs);
    if (results.every((r) => r.status === 'fulfilled')) notify('success', t('team.saved'));
  };
  const focusTab = (next: Tab) => setParams({ tab: next }, { replace: true });

  /** Granting manager or accountant asks first (docs/product/members.md). */
  const save = () => {
    if (!dirty || saving) return;
    const granted = CONFIRM_ROLES.filter((r) => access.values.roles.includes(r) && !detail.access.roles.includes(r));
    if (access.isDirty() && granted.length) {
      modals.openConfirmModal({
        closeButtonProps: { 'aria-label': t('common.close') },
        title: t('team.confirmRoleTitle'),
        children: (
          <Text size="sm">
            {t('team.confirmRole', {
              name: fullName(detail.profile),
              roles: granted.map((r) => t(`roles.${r}`)).join(', '),
            })}
          </Text>
        ),
        labels: { confirm: t('team.confirmRoleOk'), cancel: t('common.cancel') },
        confirmProps: { 'data-testid': 'confirm-role' } as Record<string, string>,
        onConfirm: () => void runSave(),
      });
      return;
    }
    void runSave();
  };
  const reset = () => {
    profile.reset();
    access.reset();
    held.reset();
    settings.reset();
  };
  useHotkeys([['mod+S', save]], [], true);

  // Unsaved changes are not lost by accident when the tab closes.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.member(detail.id) });
    void queryClient.invalidateQueries({ queryKey: teamKeys.list() });
  };
  const status = useMutation({
    onError: wordConflict,
    mutationFn: (next: 'active' | 'inactive') => setStatus(detail.id, next),
    onSuccess: (_r, next) => {
      refresh();
      notify(
        'success',
        t(next === 'active' ? 'team.reactivated' : 'team.deactivated', { name: fullName(detail.profile) }),
      );
    },
  });
  const resend = useMutation({
    onError: wordConflict,
    mutationFn: () => resendInvitation(detail.id),
    onSuccess: () => {
      refresh();
      notify('success', t('team.resent', { email: detail.profile.email }));
    },
  });
  const remove = useMutation({
    onError: wordConflict,
    mutationFn: () => deleteMember(detail.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.list() });
      notify('success', t('team.deleted', { name: fullName(detail.profile) }));
      navigate(pathTo('employees'));
    },
  });
  const confirm = (kind: 'deactivate' | 'delete', run: () => void) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': t('common.close') },
      title: t(`team.${kind}Title`, { name: fullName(detail.profile) }),
      children: <Text size="sm">{t(`team.${kind}Text`)}</Text>,
      labels: { confirm: t(`team.${kind}`), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': `confirm-${kind}` } as Record<string, string>,
      onConfirm: run,
    });

  const actor = memberFromInit(session);
  const target = {
    membershipId: detail.id,
    roles: detail.access.roles,
    accountHolder: detail.accountHolder,
    identityShared: detail.identityShared,
  };
  // The server asks the same rules: an owner is changed by owners only, the account holder stays.
  const mayChange = mayChangeMember(actor, target);
  const mayKeepFile = dossiersOn && mayKeepDossier(actor, target);
  const mayDelete = mayDeleteMember(actor, target) && !takesOutAccountHolder(target, { status: 'deleted' });
  const mayDeactivate =
    mayChangeStatus(actor, target, 'inactive') && !takesOutAccountHolder(target, { status: 'inactive' });
  const invited = detail.state === 'invited' || detail.state === 'expired';
  const mayResend = mayChange && invited && detail.state !== 'inactive';
  // Making or unmaking an owner is the access rule's to decide (owners only), as the server asks it.
  const withoutOwner = target.roles.filter((r) => r !== 'owner');
  const ownerRoles = withoutOwner.length < target.roles.length ? withoutOwner : [...withoutOwner, 'owner'];
  const mayToggleOwner =
    mayChangeMemberAccess(actor, target, ownerRoles) && !takesOutAccountHolder(target, { roles: [] });
  return {
    t,
    lang,
    pathTo,
    session,
    sicknessOn,
    mayKeepFile,
    refresh,
    tab,
    focusTab,
    rates,
    options,
    profile,
    access,
    held,
    settings,
    dirty,
    saving,
    save,
    reset,
    status,
    resend,
    remove,
    confirm,
    mayToggleOwner,
    actor,
    target,
    mayChange,
    mayDelete,
    mayDeactivate,
    invited,
    mayResend,
  };
}

export type EmployeeState = ReturnType<typeof useEmployee>;
