import { Alert, Button } from '@mantine/core';

/** What a page says when its data did not load: the reason as the title, and a button to try again. */
export function LoadFailed({ title, retry, onRetry }: { title: string; retry: string; onRetry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Button size="xs" variant="default" onClick={() => onRetry()}>
        {retry}
      </Button>
    </Alert>
  );
}
