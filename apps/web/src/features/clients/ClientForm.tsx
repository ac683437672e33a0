import { type Client, ClientCreate, INVOICE_INTERVALS } from '@app/contracts';
import { ActionIcon, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../settings/SettingsForm';
import { afterClientsChange, createClient, updateClient } from './api';

const orNull = (v: string) => (v.trim() === '' ? null : v);

interface ContactValues {
  name: string;
  role: string;
  email: string;
  phone: string;
}

/** A client's details as the form edits them (text fields hold '' for nothing). */
const valuesOf = (c: Client | null) => ({
  name: c?.name ?? '',
  number: c?.number ?? '',
  invoiceEmail: c?.invoiceEmail ?? '',
  invoiceInterval: c?.invoiceInterval ?? 'monthly',
  vatNumber: c?.vatNumber ?? '',
  chamberOfCommerce: c?.chamberOfCommerce ?? '',
  contacts: (c?.contacts ?? []).map(
    (k): ContactValues => ({ name: k.name, role: k.role ?? '', email: k.email ?? '', phone: k.phone ?? '' }),
  ),
});
type Values = ReturnType<typeof valuesOf>;

/**
 * A client's details (docs/product/clients.md): number, invoice e-mail and interval, VAT number (its country's form),
 * chamber of commerce number, contacts. New in the dialog of the clients page, edited on the client's page.
 */
export function ClientForm({
  client,
  onSaved,
  extra,
}: {
  client: Client | null;
  onSaved: (saved: Client) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SettingsForm<Values, ClientCreate, Client>
      bare
      alwaysSavable={!client}
      extra={extra}
      schema={ClientCreate}
      initial={valuesOf(client)}
      toValue={(v) =>
        ({
          ...v,
          number: orNull(v.number),
          invoiceEmail: orNull(v.invoiceEmail),
          vatNumber: orNull(v.vatNumber),
          chamberOfCommerce: orNull(v.chamberOfCommerce),
          contacts: v.contacts.map((k) => ({
            name: k.name,
            role: orNull(k.role),
            email: orNull(k.email),
            phone: orNull(k.phone),
          })),
        }) as ClientCreate
      }
      save={(body) => (client ? updateClient(client.id, body) : createClient(body))}
      fromSaved={valuesOf}
      onSaved={(saved) => {
        afterClientsChange();
        onSaved(saved);
      }}
      testId="client-form"
    >
      {(form) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('clients.name')} required data-testid="client-name" {...form.getInputProps('name')} />
            <TextInput label={t('clients.number')} data-testid="client-number" {...form.getInputProps('number')} />
            <TextInput
              label={t('clients.invoiceEmail')}
              type="email"
              data-testid="client-invoice-email"
              {...form.getInputProps('invoiceEmail')}
            />
            <Select
              label={t('clients.interval')}
              data={INVOICE_INTERVALS.map((i) => ({ value: i, label: t(`clients.intervals.${i}`) }))}
              allowDeselect={false}
              data-testid="client-interval"
              {...form.getInputProps('invoiceInterval')}
            />
            <TextInput
              label={t('clients.vatNumber')}
              description={t('clients.vatHint')}
              data-testid="client-vat"
              {...form.getInputProps('vatNumber')}
            />
            <TextInput
              label={t('clients.chamberOfCommerce')}
              description={t('clients.chamberHint')}
              {...form.getInputProps('chamberOfCommerce')}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} size="sm" id="client-contacts-title">
                {t('clients.contacts')}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => form.insertListItem('contacts', { name: '', role: '', email: '', phone: '' })}
                data-testid="client-contact-add"
              >
                {t('clients.addContact')}
              </Button>
            </Group>
            {form.values.contacts.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('clients.noContacts')}
              </Text>
            )}
            {form.values.contacts.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list's rows are positions in the form
              <Card key={i} withBorder padding="sm" radius="md" data-testid="client-contact">
                <Group align="flex-start" wrap="nowrap" gap="xs">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                    <TextInput
                      label={t('clients.contactName')}
                      required
                      {...form.getInputProps(`contacts.${i}.name`)}
                    />
                    <TextInput label={t('clients.contactRole')} {...form.getInputProps(`contacts.${i}.role`)} />
                    <TextInput
                      label={t('clients.contactEmail')}
                      type="email"
                      {...form.getInputProps(`contacts.${i}.email`)}
                    />
                    <TextInput label={t('clients.contactPhone')} {...form.getInputProps(`contacts.${i}.phone`)} />
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={24}
                    aria-label={t('clients.removeContact')}
                    onClick={() => form.removeListItem('contacts', i)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </Stack>
        </Stack>
      )}
    </SettingsForm>
  );
}
