import { type MemberListItem, ROLES, type Role } from '@app/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang, usePathTo } from '../../app/useLang';
import { PageTitle } from '../../ui/PageTitle';
import { dutiesQuery, locationsQuery, tagsQuery } from '../catalog/api';
import { membersQuery } from './api';
import { InviteDialog } from './InviteDialog';
import {
  EMPTY_FILTER,
  filterMembers,
  type ProfileFilter,
  type SortKey,
  type StatusFilter,
  type TeamFilter,
} from './model';
import { fullName, hoursOf, PersonAvatar, roleLabel, StateBadge } from './people';
import './team.css';

const ROW_HEIGHT = 64;
const ROW_HEIGHT_MOBILE = 76;

/** The team: every member with search, filters and sorting; hundreds of rows stay smooth (virtualised). */
export default function TeamPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const members = useQuery(membersQuery);
  const locations = useQuery(locationsQuery);
  const duties = useQuery(dutiesQuery);
  const tags = useQuery(tagsQuery);
  const [filter, setFilter] = useState<TeamFilter>(EMPTY_FILTER);
  const [search] = useDebouncedValue(filter.search, 120);
  const [inviting, setInviting] = useState(false);
  const set = <K extends keyof TeamFilter>(key: K, value: TeamFilter[K]) => setFilter((f) => ({ ...f, [key]: value }));

  const shown = useMemo(
    () => (members.data ? filterMembers(members.data.members, { ...filter, search }, lang) : []),
    [members.data, filter, search, lang],
  );
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const l of locations.data ?? []) map.set(l.id, l.name);
    return map;
  }, [locations.data]);

  const counts = members.data?.counts;
  const full = counts?.max != null && counts.active >= counts.max;
  const filtered =
    filter.search !== '' ||
    filter.role !== null ||
    filter.location !== null ||
    filter.duty !== null ||
    filter.tag !== null ||
    filter.profile !== null ||
    filter.status !== 'all';

  return (
    <Stack gap="md" data-testid="team-page">
      <PageTitle
        title={t('team.title')}
        subtitle={
          counts ? (
            <span data-testid="team-counts">
              {counts.max != null
                ? t('team.countsMax', { active: counts.active, max: counts.max })
                : t('team.counts', { active: counts.active })}
              {counts.invited > 0 && ` · ${t('team.countsInvited', { count: counts.invited })}`}
              {counts.inactive > 0 && ` · ${t('team.countsInactive', { count: counts.inactive })}`}
            </span>
          ) : undefined
        }
        right={
          <Button
            leftSection={<IconUserPlus size={18} />}
            onClick={() => setInviting(true)}
            disabled={full}
            data-testid="team-invite"
          >
            {t('team.invite')}
          </Button>
        }
      />
      {full && (
        <Alert color="orange" data-testid="team-plan-full">
          {t('team.planFull', { max: counts?.max })}
        </Alert>
      )}

      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              aria-label={t('team.search')}
              placeholder={t('team.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={filter.search}
              onChange={(e) => set('search', e.currentTarget.value)}
              rightSection={
                filter.search ? (
                  <CloseButton aria-label={t('team.clearSearch')} onClick={() => set('search', '')} size="sm" />
                ) : null
              }
              className="team-search"
              data-testid="team-search"
            />
            <SegmentedControl
              value={filter.status}
              onChange={(v) => set('status', v as StatusFilter)}
              data={(['all', 'active', 'invited', 'inactive'] as const).map((s) => ({
                value: s,
                label: t(`team.status.${s}`),
              }))}
              aria-label={t('team.statusFilter')}
              data-testid="team-status"
            />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Select
              label={t('team.role')}
              placeholder={t('team.any')}
              clearable
              value={filter.role}
              onChange={(v) => set('role', v as Role | null)}
              data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              data-testid="team-filter-role"
            />
            <Select
              label={t('team.location')}
              placeholder={t('team.any')}
              clearable
              searchable
              value={filter.location}
              onChange={(v) => set('location', v)}
              data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              data-testid="team-filter-location"
            />
            <Select
              label={t('team.duty')}
              placeholder={t('team.any')}
              clearable
              searchable
              value={filter.duty}
              onChange={(v) => set('duty', v)}
              data={(duties.data ?? []).filter((d) => !d.trashed).map((d) => ({ value: d.id, label: d.name }))}
              data-testid="team-filter-duty"
            />
            <Select
              label={t('team.tag')}
              placeholder={t('team.any')}
              clearable
              searchable
              value={filter.tag}
              onChange={(v) => set('tag', v)}
              data={(tags.data ?? []).map((tg) => ({ value: tg.id, label: tg.name }))}
              data-testid="team-filter-tag"
            />
            <Select
              label={t('team.profileFilter')}
              placeholder={t('team.any')}
              clearable
              value={filter.profile}
              onChange={(v) => set('profile', v as ProfileFilter | null)}
              data={(['incomplete', 'complete'] as const).map((p) => ({ value: p, label: t(`team.profile.${p}`) }))}
              data-testid="team-filter-profile"
            />
            <Select
              label={t('team.sort')}
              allowDeselect={false}
              value={filter.sort}
              onChange={(v) => set('sort', (v ?? 'name') as SortKey)}
              data={(['name', 'role', 'hireDate', 'contract'] as const).map((s) => ({
                value: s,
                label: t(`team.sortBy.${s}`),
              }))}
              data-testid="team-sort"
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      {members.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={ROW_HEIGHT - 8} radius="md" />
          ))}
        </Stack>
      ) : members.isError ? (
        <Alert color="red" title={t('errors.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('team.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => members.refetch()}>
              {t('common.reload')}
            </Button>
          </Stack>
        </Alert>
      ) : shown.length === 0 ? (
        <Card withBorder padding="xl" data-testid="team-empty">
          <Stack align="center" gap="xs">
            <Text fw={600}>{filtered ? t('team.noMatch') : t('team.empty')}</Text>
            {filtered ? (
              <Button variant="light" onClick={() => setFilter(EMPTY_FILTER)}>
                {t('team.clearFilters')}
              </Button>
            ) : (
              <Button onClick={() => setInviting(true)}>{t('team.invite')}</Button>
            )}
          </Stack>
        </Card>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="team-shown">
            {t('team.shown', { count: shown.length })}
          </Text>
          <MemberRows members={shown} locationNames={names} />
        </>
      )}
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

/** The rows, virtualised against the window's scroll: only what is on screen is in the page. */
function MemberRows({ members, locationNames }: { members: MemberListItem[]; locationNames: Map<string, string> }) {
  const { t } = useTranslation();
  const pathTo = usePathTo();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const height = narrow ? ROW_HEIGHT_MOBILE : ROW_HEIGHT;
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: members.length,
    estimateSize: () => height,
    overscan: 8,
    scrollMargin: offset,
  });
  const plannings = (m: MemberListItem) =>
    m.locationIds
      .map((id) => locationNames.get(id))
      .filter(Boolean)
      .join(', ');

  return (
    <Paper withBorder radius="md" className="team-list">
      {!narrow && (
        <Box className="team-row team-head" aria-hidden>
          <span />
          <span>{t('team.col.person')}</span>
          <span>{t('team.col.job')}</span>
          <span>{t('team.col.plannings')}</span>
          <span className="team-num">{t('team.col.contract')}</span>
          <span>{t('team.col.status')}</span>
        </Box>
      )}
      <ul ref={listRef} className="team-ul" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const m = members[row.index];
          return (
            <li
              key={m.id}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height,
                transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <UnstyledButton
                component={Link}
                to={pathTo('employee', { id: m.id })}
                className={narrow ? 'team-row team-row-narrow' : 'team-row'}
                data-testid="team-row"
                data-email={m.email}
              >
                <PersonAvatar membershipId={m.id} fname={m.fname} lname={m.lname} />
                <Stack gap={0} className="team-cell">
                  <Text fw={600} truncate>
                    {fullName(m)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {narrow ? [m.jobTitle, roleLabel(m.roles, t)].filter(Boolean).join(' · ') : m.email}
                  </Text>
                </Stack>
                {narrow ? (
                  <StateBadge state={m.state} />
                ) : (
                  <>
                    <Stack gap={0} className="team-cell">
                      <Text size="sm" truncate>
                        {m.jobTitle ?? '—'}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {roleLabel(m.roles, t)}
                      </Text>
                    </Stack>
                    <Text size="sm" truncate className="team-cell">
                      {plannings(m) || '—'}
                    </Text>
                    <Text size="sm" className="team-num">
                      {m.contractMinutes != null ? t('team.hoursWeek', { hours: hoursOf(m.contractMinutes) }) : '—'}
                    </Text>
                    <span>
                      <StateBadge state={m.state} />
                    </span>
                  </>
                )}
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </Paper>
  );
}
