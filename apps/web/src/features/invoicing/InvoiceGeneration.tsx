import { guards } from '@app/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../app/session';
import { usePathTo } from '../../ui/useLang';

/**
 * The reports' "invoice generation" (docs/product/invoicing.md): where the clients' invoices are drafted and issued,
 * for those who keep them (owners and managers with the clients module).
 */
export function InvoiceGeneration() {
  const { t } = useTranslation();
  const access = useAccess();
  const pathTo = usePathTo();
  if (!guards.clientInvoices(access)) return null;
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" data-testid="reports-invoice-generation">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('invoicing.generationTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('invoicing.generationText')}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={pathTo('clientInvoices')}
          variant="light"
          leftSection={<IconFileInvoice size={16} aria-hidden />}
        >
          {t('invoicing.title')}
        </Button>
      </Group>
    </Paper>
  );
}
