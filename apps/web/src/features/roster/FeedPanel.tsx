import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { formatDate } from '../../ui/format';
import { askConfirm } from './useItemEdit';

/** The words of one secret address: the member's feed, a planning's, or a planning's wall screen. */
interface FeedTexts {
  address: string;
  none: string;
  /** Since when one exists; the calendar's words unless given. */
  active?: (date: string) => string;
  removeConfirm?: string;
  removed?: string;
  /** The button that opens an address that has no calendar app form (webcal). */
  open?: string;
}

/** A secret address's state: whether one exists, since when. */
interface FeedState {
  active: boolean;
  createdAt: string | null;
}

/** A new address: as https and, for calendars, as webcal (which opens the calendar app). */
interface FeedCreated {
  url: string;
  webcal?: string;
}

/**
 * One secret address (a calendar feed, a wall screen): made, shown once (only its hash is kept), renewed or removed
 * (docs/product/roster.md, "Calendar feeds"; docs/product/wall-screen.md).
 */
export function FeedPanel({
  query,
  calls,
  texts,
  locale,
  testId,
}: {
  /** Where the feed's state is cached, and how it is read. */
  query: { queryKey: QueryKey; read: () => Promise<FeedState> };
  calls: { create: () => Promise<FeedCreated>; remove: () => Promise<unknown> };
  texts: FeedTexts;
  locale: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<FeedCreated | null>(null);
  const state = useQuery({ queryKey: query.queryKey, queryFn: query.read, staleTime: 0 });
  const active = state.data?.active ?? false;
  const refresh = () => queryClient.invalidateQueries({ queryKey: query.queryKey });

  const create = useMutation({
    mutationFn: async () => {
      if (active && !(await askConfirm(t('roster.calendarFeed.renewConfirm'), t('roster.calendarFeed.renew')))) return;
      setCreated(await calls.create());
    },
    onSettled: refresh,
    onError: handleApiError,
  });
  const remove = useMutation({
    mutationFn: async () => {
      const question = texts.removeConfirm ?? t('roster.calendarFeed.removeConfirm');
      if (!(await askConfirm(question, t('roster.calendarFeed.remove')))) return;
      await calls.remove();
      setCreated(null);
      notify('success', texts.removed ?? t('roster.calendarFeed.removed'));
    },
    onSettled: refresh,
    onError: handleApiError,
  });
  const busy = create.isPending || remove.isPending;

  return (
    <Stack gap="xs" data-testid={testId}>
      {created ? (
        <Stack gap="xs">
          <TextInput
            label={texts.address}
            value={created.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid={`${testId}-url`}
          />
          <Group gap="xs">
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'light' : 'filled'} onClick={copy}>
                  {copied ? t('roster.calendarFeed.copied') : t('roster.calendarFeed.copy')}
                </Button>
              )}
            </CopyButton>
            {created.webcal ? (
              <Button size="xs" variant="default" component="a" href={created.webcal}>
                {t('roster.calendarFeed.openApp')}
              </Button>
            ) : (
              texts.open && (
                <Button size="xs" variant="default" component="a" href={created.url} target="_blank" rel="noopener">
                  {texts.open}
                </Button>
              )
            )}
          </Group>
          <Alert color="yellow" variant="light" p="xs">
            <Text size="xs" c="dark.7">
              {t('roster.calendarFeed.secret')}
            </Text>
          </Alert>
        </Stack>
      ) : (
        state.data && (
          <Text size="sm" c="gray.7">
            {active && state.data.createdAt
              ? (texts.active?.(formatDate(state.data.createdAt, locale)) ??
                t('roster.calendarFeed.active', { date: formatDate(state.data.createdAt, locale) }))
              : texts.none}
          </Text>
        )
      )}
      <Group justify="flex-end" gap="xs">
        {active && (
          <Button variant="subtle" color="red" onClick={() => remove.mutate()} disabled={busy}>
            {t('roster.calendarFeed.remove')}
          </Button>
        )}
        <Button
          onClick={() => create.mutate()}
          loading={create.isPending}
          disabled={busy}
          data-testid={`${testId}-create`}
        >
          {active ? t('roster.calendarFeed.renew') : t('roster.calendarFeed.create')}
        </Button>
      </Group>
    </Stack>
  );
}
