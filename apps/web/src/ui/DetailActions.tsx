import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { confirmAsync } from './confirm';

/** Archives an entry, or restores an archived one. */
export function ArchiveButton({
  archived,
  labels,
  loading,
  onClick,
  testId,
}: {
  archived: boolean;
  labels: { archive: string; restore: string };
  loading: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      variant="default"
      leftSection={archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />}
      loading={loading}
      onClick={onClick}
      data-testid={testId}
    >
      {archived ? labels.restore : labels.archive}
    </Button>
  );
}

/** Deletes an entry once the person has answered yes to the question. */
export function DeleteButton({
  label,
  question,
  onDelete,
  loading,
  testId,
}: {
  label: string;
  question: { title: string; message: string };
  onDelete: () => void;
  loading: boolean;
  testId: string;
}) {
  const ask = async () => {
    if (await confirmAsync({ ...question, confirm: label, danger: true })) onDelete();
  };
  return (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={ask}
      loading={loading}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/** A card beside an entry's form listing what belongs to it, with a word when nothing does. */
export function DetailSection({
  title,
  action,
  items,
  empty,
  testId,
}: {
  title: string;
  action?: ReactNode;
  items: { key: string; content: ReactNode }[];
  empty: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Text key={item.key} component="li" size="sm">
              {item.content}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}
