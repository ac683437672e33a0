import { Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';
import { PageTitle } from './PageTitle';
import { useNarrowLayout } from './useNarrowLayout';

/** One column of a directory's table. */
export interface DirectoryColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Left out on phones, where the table keeps to the columns that name a row. */
  wide?: boolean;
  align?: 'right';
}

interface Props<T> {
  /** Names the page's test ids: `{testId}-page`, `-loading`, `-empty`, `-list`. */
  testId: string;
  title: string;
  subtitle?: ReactNode;
  /** Buttons beside the title, before the one that adds an entry. */
  actions?: ReactNode;
  /** The button that adds an entry, filled, at the end of the title's buttons. */
  create?: { label: string; onClick: () => void; testId: string };
  /** The search and filters above the list. */
  filters?: ReactNode;
  /** Between the filters and the list (a form that adds to it). */
  intro?: ReactNode;
  list: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The entries once loaded. */
  rows: readonly T[] | undefined;
  /** The error's title and its button's label. */
  failed: { title: string; retry: string };
  /** What an empty list says (no entries, none matching, none archived). */
  empty: ReactNode;
  emptyIcon?: ReactNode;
  columns: DirectoryColumn<T>[];
  rowTestId: string;
  /** On phones, each entry as a card of its own instead of a table row. */
  card?: (row: T) => ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * A page listing a kind of entry (clients, projects, resources, invoices): title with its buttons, search and filters,
 * then the entries as a table (fewer columns, or cards, on phones), a word when there are none, and the dialogs.
 */
export function DirectoryPage<T extends { id: string }>(props: Props<T>) {
  const { testId, title, subtitle, actions, create, filters, intro, children } = props;
  const right =
    actions || create ? (
      <Group gap="xs">
        {actions}
        {create && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.onClick} data-testid={create.testId}>
            {create.label}
          </Button>
        )}
      </Group>
    ) : undefined;
  return (
    <Stack data-testid={`${testId}-page`} gap={0}>
      <PageTitle title={title} subtitle={subtitle} right={right} />
      {filters && (
        <Group mb="lg" gap="sm" wrap="wrap" align="flex-end">
          {filters}
        </Group>
      )}
      {intro}
      <DirectoryList {...props} />
      {children}
    </Stack>
  );
}

function DirectoryList<T extends { id: string }>({
  testId,
  list,
  rows,
  failed,
  empty,
  emptyIcon,
  columns,
  rowTestId,
  card,
}: Props<T>) {
  const narrow = useNarrowLayout();
  if (list.isPending)
    return (
      <Stack data-testid={`${testId}-loading`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    );
  if (list.isError || !rows) return <LoadFailed title={failed.title} retry={failed.retry} onRetry={list.refetch} />;
  if (rows.length === 0)
    return (
      <Paper withBorder radius="md" p="lg" data-testid={`${testId}-empty`}>
        <Group gap="sm" wrap="nowrap">
          {emptyIcon}
          <Text c="dimmed">{empty}</Text>
        </Group>
      </Paper>
    );
  if (narrow && card)
    return (
      <Stack gap="sm" data-testid={`${testId}-list`}>
        {rows.map((row) => (
          <Paper key={row.id} withBorder radius="md" p="sm" data-testid={rowTestId}>
            <Stack gap={4}>{card(row)}</Stack>
          </Paper>
        ))}
      </Stack>
    );
  const shown = columns.filter((c) => !(narrow && c.wide));
  return (
    <Table highlightOnHover data-testid={`${testId}-list`}>
      <Table.Thead>
        <Table.Tr>
          {shown.map((c) => (
            <Table.Th key={c.key} ta={c.align}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={rowTestId}>
            {shown.map((c) => (
              <Table.Td key={c.key} ta={c.align}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
