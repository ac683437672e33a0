import { Box } from '@mantine/core';
import { PageOutlet } from '../PageOutlet';

/** The wizard and invoice layout: the page alone. */
export function BareLayout() {
  return (
    <Box component="main" p="md" mih="100vh">
      <PageOutlet />
    </Box>
  );
}
