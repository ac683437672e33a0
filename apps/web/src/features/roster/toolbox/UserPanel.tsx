import { Badge, Button, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyLoader } from '../../../ui/BusyLoader';
import { itemCalls, pickerQuery } from '../api';
import { useRosterView } from '../context';
import { formatDuration, UNAVAILABLE_TYPES } from '../model';
import { LeftOutList } from './LeftOutList';
import { ResourceChoice } from './ResourceChoice';
import type { PanelProps } from './types';

/**
 * The user tab: the people the API offers for the item (duty, tags, availability), with their availability marked
 * and their planned hours; choosing the assigned person again unassigns. Applicants are accepted or denied here, and
 * a sign-up waiting for confirmation is confirmed or refused.
 */
export function UserPanel({ item, onDone }: PanelProps) {
  const { t } = useTranslation();
  const { data, edit } = useRosterView();
  const [search, setSearch] = useState('');
  const candidates = useQuery(pickerQuery(item.id));
  const nameOf = useCallback((id: string) => data.users[id]?.name ?? t('roster.hiddenName'), [data.users, t]);

  const people = useMemo(() => {
    const ids = new Set(candidates.data?.users ?? []);
    if (item.user) ids.add(item.user);
    const needle = search.trim().toLowerCase();
    return [...ids]
      .filter((id) => !needle || nameOf(id).toLowerCase().includes(needle))
      .sort((a, b) => (a === item.user ? -1 : b === item.user ? 1 : nameOf(a).localeCompare(nameOf(b))));
  }, [candidates.data, item.user, search, nameOf]);

  const choose = async (user: string) => {
    const again = user === item.user;
    const r = await edit.run({
      itemId: item.id,
      optimistic: (i) => (again ? { ...i, user: null, assigned: false } : { ...i, user, assigned: true }),
      call: (flags) => itemCalls.setUser(item.id, user, flags),
    });
    if (r.ok && !again) onDone?.();
  };

  const decideApplication = async (membership: string, accepted: boolean) => {
    const r = await edit.run({
      itemId: item.id,
      optimistic: (i) =>
        accepted
          ? {
              ...i,
              user: membership,
              assigned: true,
              applications: i.applications.map((a) => ({ ...a, accepted: a.membership === membership })),
            }
          : {
              ...i,
              applications: i.applications.map((a) => (a.membership === membership ? { ...a, accepted: false } : a)),
            },
      call: (flags) => itemCalls.decideApplication(item.id, membership, accepted, flags),
    });
    if (r.ok && accepted) onDone?.();
  };

  const decideSignIn = (confirm: boolean) =>
    void edit.run({
      itemId: item.id,
      optimistic: (i) => ({ ...i, pending: false, ...(confirm ? {} : { user: null, assigned: false }) }),
      call: () => itemCalls.decideSignIn(item.id, confirm),
    });

  const applicants = item.applications.filter((a) => a.accepted === null);
  const chooseAgain = t('roster.user.chooseAgain');
  // Everyone's availability that day, looked up once rather than searched per person.
  const availabilityToday = useMemo(
    () => new Map(data.availability.filter((a) => a.date === item.date).map((a) => [a.user, a])),
    [data.availability, item.date],
  );

  return (
    <Stack gap="xs" data-testid="toolbox-user">
      {item.pending && item.user && (
        <Stack gap={4} className="roster-callout">
          <Text size="sm">{t('roster.user.pending', { name: nameOf(item.user) })}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => decideSignIn(false)}>
              {t('roster.user.refuse')}
            </Button>
            <Button size="xs" onClick={() => decideSignIn(true)} data-testid="signin-confirm">
              {t('roster.user.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
      {applicants.length > 0 && (
        <Stack gap={4} className="roster-callout" data-testid="applications">
          <Text size="sm" fw={600}>
            {t('roster.user.applicants')}
          </Text>
          {applicants.map((a) => (
            <Group key={a.membership} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {nameOf(a.membership)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => void decideApplication(a.membership, false)}
                  aria-label={t('roster.user.denyNamed', { name: nameOf(a.membership) })}
                >
                  {t('roster.user.deny')}
                </Button>
                <Button
                  size="compact-xs"
                  onClick={() => void decideApplication(a.membership, true)}
                  aria-label={t('roster.user.acceptNamed', { name: nameOf(a.membership) })}
                  data-testid={`accept-${a.membership}`}
                >
                  {t('roster.user.accept')}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <ResourceChoice item={item} />
      <TextInput
        size="xs"
        placeholder={t('roster.user.search')}
        aria-label={t('roster.user.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
      />
      {candidates.isPending ? (
        <Group justify="center" py="sm">
          <BusyLoader size="sm" />
        </Group>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0 }}>
          <Stack gap={2}>
            {people.length === 0 && (
              <Text size="sm" c="gray.7">
                {t('roster.user.none')}
              </Text>
            )}
            {people.map((id) => {
              const availability = availabilityToday.get(id) ?? null;
              const unavailable = availability && UNAVAILABLE_TYPES.has(availability.type);
              const assigned = id === item.user;
              const minutes = data.stats[id]?.minutes ?? 0;
              // Plain elements: a big planning offers a couple of hundred people here.
              return (
                <button
                  type="button"
                  key={id}
                  className="roster-choice"
                  data-selected={assigned || undefined}
                  aria-pressed={assigned}
                  onClick={() => void choose(id)}
                  data-testid={`candidate-${id}`}
                  title={assigned ? chooseAgain : undefined}
                >
                  <span className="roster-choice-line">
                    <span className="roster-choice-name">{nameOf(id)}</span>
                    <span className="roster-choice-facts">
                      {unavailable && availability && (
                        <Badge
                          size="xs"
                          color={availability.type === 'limited' ? 'yellow' : 'red'}
                          c="dark.7"
                          variant="light"
                        >
                          {t(`roster.availability.${availability.type}`)}
                          {availability.start && availability.end ? ` ${availability.start}–${availability.end}` : ''}
                        </Badge>
                      )}
                      <span className="roster-choice-hours">{formatDuration(minutes)} h</span>
                    </span>
                  </span>
                  {assigned && <span className="roster-choice-hint">{chooseAgain}</span>}
                </button>
              );
            })}
            <LeftOutList leftOut={candidates.data?.leftOut ?? []} nameOf={nameOf} />
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
