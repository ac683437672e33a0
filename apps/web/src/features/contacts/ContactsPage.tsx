import type { Contact } from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceMobile, IconLock, IconMail, IconPhone, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { fullName, PersonAvatar } from '../team/people';
import { contactsQuery } from './api';
import { searchContacts, telHref } from './model';

/** The address book (module contacts): colleagues to call or mail, searchable, as cards that stack on a phone. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const contacts = useQuery(contactsQuery);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 150);
  const shown = useMemo(() => searchContacts(contacts.data ?? [], debounced), [contacts.data, debounced]);

  return (
    <Stack data-testid="contacts-page" gap={0}>
      <PageTitle
        title={t('contactsBook.title')}
        subtitle={contacts.data ? t('contactsBook.count', { count: contacts.data.length }) : undefined}
      />
      <TextInput
        mb="lg"
        maw={420}
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('contactsBook.search')}
        aria-label={t('contactsBook.search')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-testid="contacts-search"
      />
      {contacts.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="contacts-loading">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={112} radius="md" />
          ))}
        </SimpleGrid>
      ) : contacts.isError ? (
        <Alert color="red" title={t('contactsBook.failed')}>
          <Button size="xs" variant="light" color="red" onClick={() => contacts.refetch()}>
            {t('contactsBook.retry')}
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" data-testid="contacts-empty">
          {debounced.trim() ? t('contactsBook.noMatch') : t('contactsBook.empty')}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          className="contacts-list"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {shown.map((c) => (
            <ContactCard key={c.membershipId} contact={c} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ContactCard({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation();
  const name = fullName({ fname: c.fname, lname: c.lname });
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="contact">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <PersonAvatar membershipId={c.membershipId} fname={c.fname} lname={c.lname} size={48} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          {c.jobTitle && (
            <Text size="sm" c="dimmed" truncate>
              {c.jobTitle}
            </Text>
          )}
          {c.locations.length > 0 && (
            <Text size="xs" c="dimmed" truncate>
              {c.locations.join(' · ')}
            </Text>
          )}
          {c.email ? (
            <Anchor href={`mailto:${c.email}`} size="sm" truncate data-testid="contact-mail">
              {c.email}
            </Anchor>
          ) : (
            c.hidden && (
              <Group gap={4} wrap="nowrap" data-testid="contact-private">
                <IconLock size={14} aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('contactsBook.private')}
                </Text>
              </Group>
            )
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {c.mobile && (
            <Tooltip label={t('contactsBook.callMobile', { number: c.mobile })}>
              <ActionIcon
                component="a"
                href={telHref(c.mobile)}
                variant="light"
                size="lg"
                aria-label={t('contactsBook.callMobile', { number: c.mobile })}
                data-testid="contact-call"
              >
                <IconDeviceMobile size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {c.phone && (
            <Tooltip label={t('contactsBook.call', { number: c.phone })}>
              <ActionIcon
                component="a"
                href={telHref(c.phone)}
                variant="light"
                size="lg"
                aria-label={t('contactsBook.call', { number: c.phone })}
              >
                <IconPhone size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {c.email && (
            <Tooltip label={t('contactsBook.mail', { name })}>
              <ActionIcon
                component="a"
                href={`mailto:${c.email}`}
                variant="light"
                size="lg"
                aria-label={t('contactsBook.mail', { name })}
              >
                <IconMail size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Card>
  );
}
