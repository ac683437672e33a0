import { Box } from '@mantine/core';
import { PageOutlet } from '../PageOutlet';
import { RouteGuard } from '../RouteGuard';

/** The invoice layout: bare, but for signed-in members and guarded like the backend. */
export function GuardedBareLayout() {
  return (
    <Box component="main" p="md" mih="100vh">
      <RouteGuard>
        <PageOutlet />
      </RouteGuard>
    </Box>
  );
}
