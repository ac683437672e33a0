import type { DossierEntry, DossierKind } from '@app/contracts';
import { todayIn } from '@app/domain';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconNotebook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { formatDate } from '../../ui/format';
import { dossierCalls, dossierKeys, dossierQuery } from './api';
import { DossierEntryDialog } from './DossierEntryDialog';
import { EntryAttachments } from './EntryAttachments';

const KIND_COLOR: Record<DossierKind, string> = { talk: 'blue', review: 'teal', warning: 'red', note: 'gray' };

/**
 * A member's dossier (docs/product/dossiers.md). Its keepers (the employee page) read every entry and write, change
 * and delete them; the member (their profile) reads the entries shared with them. What the server answers is all
 * this shows: it sends nobody an entry they may not read.
 */
export function DossierPanel({ membershipId }: { membershipId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const today = todayIn(useSession().account.settings.timeZone);
  const dossier = useQuery(dossierQuery(membershipId));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DossierEntry | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => dossierCalls.remove(id),
    onSuccess: () => {
      notify('success', t('dossier.deleted'));
      void queryClient.invalidateQueries({ queryKey: dossierKeys.of(membershipId) });
    },
  });
  const keeps = dossier.data?.mayKeep ?? false;
  const confirmDelete = (entry: DossierEntry) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': t('common.close') },
      title: t('dossier.deleteTitle'),
      children: <Text size="sm">{t('dossier.deleteText', { date: formatDate(entry.date, lang) })}</Text>,
      labels: { confirm: t('dossier.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'dossier-confirm-delete' } as Record<string, string>,
      onConfirm: () => remove.mutate(entry.id),
    });

  return (
    <Card withBorder padding="md" data-testid="dossier-panel">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <IconNotebook size={20} aria-hidden />
          <Title order={3} size="h5">
            {t(keeps ? 'dossier.title' : 'dossier.sharedTitle')}
          </Title>
        </Group>
        {keeps && (
          <Button size="xs" onClick={() => setEditing('new')} data-testid="dossier-add">
            {t('dossier.add')}
          </Button>
        )}
      </Group>
      {dossier.isPending ? (
        <Skeleton h={80} />
      ) : dossier.isError ? (
        <Alert color="red" title={t('errors.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('dossier.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => dossier.refetch()}>
              {t('common.reload')}
            </Button>
          </Stack>
        </Alert>
      ) : dossier.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="dossier-empty">
          {t(keeps ? 'dossier.empty' : 'dossier.sharedEmpty')}
        </Text>
      ) : (
        <Stack
          gap="md"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('dossier.title')}
        >
          {dossier.data.entries.map((entry) => (
            <li key={entry.id} data-testid="dossier-entry">
              <Stack gap={4}>
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <Group gap="xs" wrap="wrap">
                    <Badge color={KIND_COLOR[entry.kind]} variant="light">
                      {t(`dossier.kind.${entry.kind}`)}
                    </Badge>
                    <Text size="sm" fw={500}>
                      {formatDate(entry.date, lang)}
                    </Text>
                    {keeps && entry.shared && (
                      <Badge color="grape" variant="outline" data-testid="dossier-entry-shared">
                        {t('dossier.sharedBadge')}
                      </Badge>
                    )}
                  </Group>
                  {keeps && (
                    <Group gap="xs">
                      <Button size="xs" variant="light" onClick={() => setEditing(entry)} data-testid="dossier-edit">
                        {t('dossier.editShort')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmDelete(entry)}
                        data-testid="dossier-delete"
                      >
                        {t('dossier.delete')}
                      </Button>
                    </Group>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.text}
                </Text>
                <EntryAttachments entry={entry} keeps={keeps} />
                {entry.author && (
                  <Text size="xs" c="dimmed">
                    {t('dossier.by', { name: entry.author.name })}
                  </Text>
                )}
              </Stack>
            </li>
          ))}
        </Stack>
      )}
      {editing && (
        <DossierEntryDialog
          membershipId={membershipId}
          entry={editing === 'new' ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
