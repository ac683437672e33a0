import { Badge, Card, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';
import { PageTitle } from './PageTitle';
import { RouteLink } from './RouteLink';

interface PageProps<T> {
  /** Names the page's test ids: `{testId}-page`, `-loading`. */
  testId: string;
  /** The list the page belongs to: its route key and the link's words. */
  back: { route: string; label: string };
  entry: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  /** The error's titles (an entry that is not there, any other failure) and the retry button's label. */
  failed: { title: string; notFound: string; retry: string };
  children: (entry: T) => ReactNode;
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : null;

/** The page of one entry of a directory: the link back to the list, then the entry once it has loaded. */
export function DetailPage<T>({ testId, back, entry, failed, children }: PageProps<T>) {
  return (
    <Stack data-testid={`${testId}-page`} gap={0}>
      <RouteLink route={back.route} size="sm" mb="xs">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </RouteLink>
      {entry.isPending ? (
        <Stack data-testid={`${testId}-loading`}>
          <Skeleton height={36} width={240} />
          <Skeleton height={320} />
        </Stack>
      ) : entry.isError || entry.data === undefined ? (
        <LoadFailed
          title={statusOf(entry.error) === 404 ? failed.notFound : failed.title}
          retry={failed.retry}
          onRetry={entry.refetch}
        />
      ) : (
        children(entry.data)
      )}
    </Stack>
  );
}

/**
 * What the page of one entry shows: its name with a note below and the actions beside it (and a badge when it is
 * archived), figures in a row, the entry's form in a card, and sections of what belongs to it beside the form.
 */
export function DetailLayout({
  title,
  subtitle,
  badge,
  actions,
  summary,
  form,
  aside,
}: {
  title: string;
  subtitle?: ReactNode;
  badge?: string | null;
  actions?: ReactNode;
  summary?: ReactNode;
  form: ReactNode;
  aside?: ReactNode;
}) {
  const card = (
    <Card withBorder radius="md" padding="lg">
      {form}
    </Card>
  );
  return (
    <>
      <PageTitle
        title={title}
        subtitle={subtitle}
        right={
          <Group gap="xs">
            {badge && <Badge color="gray">{badge}</Badge>}
            {actions}
          </Group>
        }
      />
      {summary}
      {aside ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>{card}</Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">{aside}</Stack>
          </Grid.Col>
        </Grid>
      ) : (
        card
      )}
    </>
  );
}
