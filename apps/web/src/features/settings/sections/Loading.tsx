import { Card, Skeleton, Stack } from '@mantine/core';

/** A settings page while its values load: the shape of a form, not a spinner on a blank page. */
export function SectionSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="settings-loading">
      <Stack>
        {Array.from({ length: rows }, (_, i) => `field-${i}`).map((key) => (
          <Stack key={key} gap={6}>
            <Skeleton h={12} w={140} />
            <Skeleton h={36} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
