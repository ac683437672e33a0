import {
  MemberAccessUpdate as AccessSchema,
  CONFIRM_ROLES,
  type MemberAccessUpdate,
  type MemberDetail,
  MemberProfileUpdate,
} from '@app/contracts';
import {
  hasModule,
  mayChangeIdentity,
  mayChangeMember,
  mayChangeStatus,
  mayDeleteMember,
  mayManageSettings,
  memberFromInit,
  takesOutAccountHolder,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Fieldset,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconMail, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { useAccess, useSession } from '../../app/session';
import { useLang, usePathTo } from '../../app/useLang';
import { PageTitle } from '../../ui/PageTitle';
import { schemaErrors } from '../../ui/schemaErrors';
import { SicknessPanel } from '../absence/SicknessPanel';
import { AvatarEditor } from '../avatars/AvatarEditor';
import { costCentresQuery, dutiesQuery, locationsQuery, tagsQuery } from '../catalog/api';
import { rosterKeys } from '../roster/api';
import { ratesListQuery } from '../settings/api';
import {
  deleteMember,
  holdingsQuery,
  memberQuery,
  resendInvitation,
  setStatus,
  teamKeys,
  updateAccess,
  updateCostCentres,
  updateHoldings,
  updateProfile,
} from './api';
import { ContractsPanel } from './ContractsPanel';
import { wordConflict } from './conflicts';
import { type ProfileValues, profileBody, profileValues } from './forms';
import { fullName, PersonAvatar, SoftBadge, StateBadge } from './people';
import { AccessSection, HoldingsSection, type HoldingsValues, ProfileSection, SalarySection } from './sections';
import './team.css';

const TABS = ['profile', 'access', 'plannings', 'salary', 'contracts', 'absence'] as const;
type Tab = (typeof TABS)[number];

const accessValues = (d: MemberDetail): MemberAccessUpdate => ({ ...d.access });

/** The employee page: one person's data, roles and rights, plannings, salary and contracts. */
export default function EmployeePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const detail = useQuery(memberQuery(id));
  const holdings = useQuery(holdingsQuery(id));

  if (detail.isPending || holdings.isPending) {
    return (
      <Stack>
        <Skeleton height={56} width="50%" />
        <Skeleton height={36} />
        <Skeleton height={320} />
      </Stack>
    );
  }
  if (detail.isError || holdings.isError) {
    return (
      <Alert color="red" title={t('errors.title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('team.loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => Promise.all([detail.refetch(), holdings.refetch()])}>
            {t('common.reload')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Employee key={id} detail={detail.data} holdings={{ ...holdings.data, costCentreIds: detail.data.costCentreIds }} />
  );
}

function Employee({ detail, holdings }: { detail: MemberDetail; holdings: HoldingsValues }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pathTo = usePathTo();
  const navigate = useNavigate();
  const session = useSession();
  const sicknessOn = hasModule(useAccess(), 'sickness');
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

  const profile = useForm<ProfileValues>({
    initialValues: profileValues(detail, lang),
    validate: (values) =>
      schemaErrors(MemberProfileUpdate, profileBody(values), { rateCents: 'rate' }) as Record<string, string>,
  });
  const access = useForm<MemberAccessUpdate>({
    initialValues: accessValues(detail),
    validate: (values) => schemaErrors(AccessSchema, values),
  });
  const held = useForm<HoldingsValues>({ initialValues: holdings });

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
    mutationFn: (values: ProfileValues) => updateProfile(detail.id, profileBody(values)),
    meta: { form: profile },
    onSuccess: (next) => {
      stored(next);
      profile.setInitialValues(profileValues(next, lang));
      profile.reset();
    },
  });
  const accessMutation = useMutation({
    onError: wordConflict,
    mutationFn: (values: MemberAccessUpdate) => updateAccess(detail.id, values),
    meta: { form: access },
    onSuccess: (next) => {
      stored(next);
      access.setInitialValues(accessValues(next));
      access.reset();
    },
  });
  const holdingsMutation = useMutation({
    onError: wordConflict,
    mutationFn: async (values: HoldingsValues) => {
      const { costCentreIds, ...rest } = values;
      await updateHoldings(detail.id, rest);
      return updateCostCentres(detail.id, costCentreIds);
    },
    meta: { form: held },
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

  const dirty = profile.isDirty() || access.isDirty() || held.isDirty();
  const saving = profileMutation.isPending || accessMutation.isPending || holdingsMutation.isPending;

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
    if (held.isDirty()) jobs.push(holdingsMutation.mutateAsync(held.values));
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

  const actorIsOwner = session.membership.roles.includes('owner');
  const actor = memberFromInit(session);
  const target = {
    membershipId: detail.id,
    roles: detail.access.roles,
    accountHolder: detail.accountHolder,
    identityShared: detail.identityShared,
  };
  // The server asks the same rules: an owner is changed by owners only, the account holder stays.
  const mayChange = mayChangeMember(actor, target);
  const mayDelete = mayDeleteMember(actor, target) && !takesOutAccountHolder(target, { status: 'deleted' });
  const mayDeactivate =
    mayChangeStatus(actor, target, 'inactive') && !takesOutAccountHolder(target, { status: 'inactive' });
  const invited = detail.state === 'invited' || detail.state === 'expired';
  const mayResend = mayChange && invited && detail.state !== 'inactive';
  /** The tabs that change the member, read-only for someone who may not change them. */
  const changes = (children: ReactNode) => (
    <Fieldset variant="unstyled" disabled={!mayChange} p={0} m={0}>
      {children}
    </Fieldset>
  );
  const name = fullName(detail.profile);
  const errorDot = (fields: string[], form: { errors: Record<string, unknown> }) =>
    fields.some((f) => form.errors[f]) ? (
      <Badge size="xs" color="red.9" circle aria-label={t('team.tabHasErrors')}>
        !
      </Badge>
    ) : null;

  return (
    <Stack gap="md" data-testid="employee-page" pb={dirty ? 0 : 'xl'}>
      <Breadcrumbs>
        <Anchor component={Link} to={pathTo('employees')}>
          {t('team.title')}
        </Anchor>
        <Text size="sm">{name}</Text>
      </Breadcrumbs>
      <PageTitle
        title={name}
        subtitle={
          <Group gap="xs" component="span">
            <StateBadge state={detail.state} />
            {detail.profile.jobTitle && <span>{detail.profile.jobTitle}</span>}
            {detail.accountHolder && <SoftBadge color="grape">{t('team.accountHolder')}</SoftBadge>}
          </Group>
        }
        right={
          <Group gap="sm">
            <PersonAvatar
              membershipId={detail.id}
              fname={detail.profile.fname}
              lname={detail.profile.lname}
              size="lg"
            />
            {(mayDelete || mayDeactivate || mayResend) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" rightSection={<IconChevronDown size={16} />} data-testid="member-actions">
                    {t('team.actions')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {mayResend && (
                    <Menu.Item
                      leftSection={<IconMail size={16} />}
                      onClick={() => resend.mutate()}
                      data-testid="member-resend"
                    >
                      {t('team.resend')}
                    </Menu.Item>
                  )}
                  {!mayDeactivate ? null : detail.state === 'inactive' ? (
                    <Menu.Item
                      leftSection={<IconUserCheck size={16} />}
                      onClick={() => status.mutate('active')}
                      data-testid="member-reactivate"
                    >
                      {t('team.reactivate')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconUserOff size={16} />}
                      onClick={() => confirm('deactivate', () => status.mutate('inactive'))}
                      data-testid="member-deactivate"
                    >
                      {t('team.deactivate')}
                    </Menu.Item>
                  )}
                  {mayDelete && (
                    <>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => confirm('delete', () => remove.mutate())}
                        data-testid="member-delete"
                      >
                        {t('team.delete')}
                      </Menu.Item>
                    </>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        }
      />
      {detail.state === 'inactive' && <Alert color="gray">{t('team.inactiveNotice')}</Alert>}
      {!mayChange && (
        <Alert color="blue" data-testid="member-owner-only">
          {t('team.ownerOnly')}
        </Alert>
      )}
      {invited && (
        <Alert color={detail.state === 'expired' ? 'orange' : 'blue'} data-testid="member-invited">
          {t(detail.state === 'expired' ? 'team.expiredNotice' : 'team.invitedNotice', {
            date: detail.invitedAt ? new Date(detail.invitedAt).toLocaleDateString(lang) : '',
          })}
        </Alert>
      )}

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
            {sicknessOn && (
              <Tabs.Tab value="absence" data-testid="tab-absence">
                {t('sickness.tab')}
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
          <Tabs.Panel value="access">
            {changes(
              <AccessSection
                form={access}
                detail={detail}
                actorIsOwner={actorIsOwner}
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
          <Tabs.Panel value="absence">
            <SicknessPanel membershipId={detail.id} />
          </Tabs.Panel>
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
    </Stack>
  );
}
