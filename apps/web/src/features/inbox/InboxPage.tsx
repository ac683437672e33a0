import type { InboxEntry, InboxKind } from '@app/contracts';
import { Alert, Button, Chip, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { useInbox } from './api';
import { InboxRow } from './InboxRow';
import './inbox.css';

type Shown = InboxKind | 'all';

/**
 * `inbox`: what waits on this member's answer: applications, sign-outs, vacation requests and hours, with the answer
 * on each line and filters by kind and planning (docs/product/inbox.md).
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const [location, setLocation] = useState<string | null>(null);
  const [kind, setKind] = useState<Shown>('all');
  const query = useInbox(location);
  const data = query.data;
  const entries = (data?.entries ?? []).filter((e) => kind === 'all' || e.kind === kind);

  return (
    <Stack gap="lg" data-testid="inbox-page">
      <PageTitle
        title={t('inbox.title')}
        subtitle={data ? t('inbox.waiting', { count: data.counts.total }) : undefined}
      />
      {data && (
        <Group gap="md" align="flex-end" wrap="wrap">
          <Chip.Group multiple={false} value={kind} onChange={(v) => setKind(v as Shown)}>
            <Group gap="xs" wrap="wrap" role="group" aria-label={t('inbox.kindFilter')}>
              <Chip value="all" size="sm" data-testid="inbox-kind-all">
                {t('inbox.all', { count: data.counts.total })}
              </Chip>
              {data.kinds.map((k) => (
                <Chip key={k} value={k} size="sm" data-testid={`inbox-kind-${k}`}>
                  {t(`inbox.kinds.${k}`, { count: data.counts[k] })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {data.locations.length > 1 && (
            <Select
              label={t('inbox.planning')}
              placeholder={t('inbox.allPlannings')}
              data={data.locations.map((l) => ({ value: l.id, label: l.name }))}
              value={location}
              onChange={setLocation}
              clearable
              w={{ base: '100%', xs: 260 }}
              data-testid="inbox-location"
            />
          )}
        </Group>
      )}
      {query.isPending && <Skeleton h={240} />}
      {query.isError && (
        <Alert color="red" title={t('inbox.error')}>
          <Button size="compact-sm" variant="light" onClick={() => query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      )}
      {data && entries.length === 0 && (
        <Text c="dimmed" data-testid="inbox-empty">
          {t('inbox.empty')}
        </Text>
      )}
      {entries.length > 0 && (
        <Stack gap="xs" component="ul" className="inbox-list" data-testid="inbox-list">
          {entries.map((entry: InboxEntry) => (
            <InboxRow key={`${entry.kind}-${entry.id}`} entry={entry} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
