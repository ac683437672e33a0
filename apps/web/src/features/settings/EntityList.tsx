import { Alert, Button, Card, Drawer, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type UseQueryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { useNarrowLayout } from '../../app/viewport';
import { confirmAsync } from '../../ui/confirm';
import { afterSettingsChange } from './api';

interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** Left out on a phone, where the list keeps its first columns. */
  wide?: boolean;
}

export interface EditorProps<Row> {
  /** The row edited, or null for a new one. */
  row: Row | null;
  /** Closes the drawer after a save. */
  done: () => void;
  /** The delete button for the save bar (with its confirmation and the refusal of a deletion block). */
  deleteButton: ReactNode;
}

interface Props<Row extends { id: string }> {
  testId: string;
  /** Any list query whose data (or selection) is the rows. */
  query: UseQueryOptions<any, Error, Row[], any>;
  columns: Column<Row>[];
  /** What the row is called in titles and the delete question. */
  nameOf: (row: Row) => string;
  /** Search text of a row; without it the list has no search. */
  searchText?: (row: Row) => string;
  newLabel: string;
  emptyText: string;
  remove?: (row: Row) => Promise<unknown>;
  Editor: (props: EditorProps<Row>) => ReactNode;
  /** Above the table (filters, explanations). */
  header?: ReactNode;
  /** Rows shown: the whole list unless narrowed (trash hidden). */
  filter?: (row: Row) => boolean;
  dimmed?: (row: Row) => boolean;
  /** What to do instead when a deletion is refused because the row is in use (move it to the trash). */
  inUseHint?: string;
}

/**
 * A settings list: its rows in a table, a drawer with the editor for a new or a clicked row, deletion with its
 * question, and a deletion block (docs/product/settings.md) worded inside the drawer.
 */
export function EntityList<Row extends { id: string }>(props: Props<Row>) {
  const { t } = useTranslation();
  const narrow = useNarrowLayout();
  const query = useQuery(props.query);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [search, setSearch] = useState('');
  const [blocked, setBlocked] = useState<string | null>(null);
  const columns = narrow ? props.columns.filter((c) => !c.wide) : props.columns;

  const rows = useMemo(() => {
    const all = (query.data ?? []).filter((r) => !props.filter || props.filter(r));
    const q = search.trim().toLowerCase();
    return q && props.searchText ? all.filter((r) => props.searchText?.(r).toLowerCase().includes(q)) : all;
  }, [query.data, search, props.filter, props.searchText]);

  const close = () => {
    setEditing(null);
    setBlocked(null);
  };
  const removal = useMutation({
    mutationFn: (row: Row) => props.remove?.(row) ?? Promise.resolve(),
    meta: { handled: (e) => e.status === 409 },
    onError: (error) => {
      if (!isApiError(error) || error.status !== 409) return;
      const data = error.body?.data ?? {};
      const uses = Number(data.items ?? 0) + Number(data.presetItems ?? 0);
      setBlocked(
        [
          errorMessage(error.body),
          error.code === 'IN_USE' && uses > 0 ? t('settings.inUseCount', { count: uses }) : null,
          error.code === 'IN_USE' && Number(data.members) > 0
            ? t('avatars.inUseMembers', { count: Number(data.members) })
            : null,
          error.code === 'IN_USE' && Number(data.contracts) > 0
            ? t('avatars.inUseContracts', { count: Number(data.contracts) })
            : null,
          error.code === 'IN_USE' && Number(data.hours) > 0
            ? t('settings.inUseHours', { count: Number(data.hours) })
            : null,
          error.code === 'LOCATION_PUBLISHED_ITEMS' && Number(data.count) > 0
            ? t('settings.publishedItems', { count: Number(data.count) })
            : null,
          error.code === 'LOCATION_LEAVES_USERS_UNASSIGNED' && Array.isArray(data.members)
            ? t('settings.strandedMembers', {
                names: (data.members as { name?: unknown }[]).map((m) => String(m.name ?? '')).join(', '),
              })
            : null,
          error.code === 'IN_USE' ? props.inUseHint : null,
        ]
          .filter(Boolean)
          .join(' '),
      );
    },
    onSuccess: () => {
      notify('success', t('settings.deleted'));
      afterSettingsChange();
      close();
    },
  });

  const current = editing === 'new' ? null : editing;
  const deleteButton =
    current && props.remove ? (
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={removal.isPending}
        data-testid={`${props.testId}-delete`}
        onClick={async () => {
          const ok = await confirmAsync({
            title: t('settings.deleteTitle', { name: props.nameOf(current) }),
            message: t('settings.deleteText'),
            confirm: t('settings.delete'),
            danger: true,
          });
          if (ok) removal.mutate(current);
        }}
      >
        {t('settings.delete')}
      </Button>
    ) : null;

  return (
    <Card withBorder padding="lg" radius="md" data-testid={props.testId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          {props.searchText ? (
            <TextInput
              placeholder={t('settings.search')}
              aria-label={t('settings.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 260 }}
            />
          ) : (
            <span />
          )}
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid={`${props.testId}-new`}
          >
            {props.newLabel}
          </Button>
        </Group>
        {props.header}
        {query.isPending ? (
          <Stack gap="xs">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={36} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid={`${props.testId}-empty`}>
            {search ? t('settings.noMatch') : props.emptyText}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={narrow ? 0 : 560}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.key}>{c.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr
                    key={row.id}
                    className="settings-row"
                    tabIndex={0}
                    aria-label={t('settings.editNamed', { name: props.nameOf(row) })}
                    onClick={() => setEditing(row)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setEditing(row);
                      }
                    }}
                    data-testid={`${props.testId}-row`}
                    data-name={props.nameOf(row)}
                    data-dimmed={props.dimmed?.(row) || undefined}
                  >
                    {columns.map((c) => (
                      <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Drawer
        opened={editing !== null}
        onClose={close}
        position="right"
        size={narrow ? '100%' : 'md'}
        title={current ? t('settings.editNamed', { name: props.nameOf(current) }) : props.newLabel}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md" data-testid={`${props.testId}-editor`}>
          {blocked && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('settings.cannotDelete')}
              data-testid={`${props.testId}-blocked`}
            >
              {blocked}
            </Alert>
          )}
          {editing !== null && <props.Editor row={current} done={close} deleteButton={deleteButton} />}
        </Stack>
      </Drawer>
    </Card>
  );
}
