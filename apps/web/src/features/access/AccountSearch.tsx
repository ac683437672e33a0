import type { SuperUserAccount } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { Badge, Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../app/apiErrors';
import { useLang } from '../../app/useLang';
import { switchAccount } from '../session/api';
import { searchAccounts } from './api';

/**
 * A super user finds a customer's account by its name, the company or the owner, and switches in (read-only until
 * they allow changes). The search answers 404 to anyone else; the entry is shown to super users only.
 */
export function AccountSearchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('access.search.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="account-search"
    >
      {opened && <SearchBody />}
    </Modal>
  );
}

function SearchBody() {
  const { t } = useTranslation();
  const lang = useLang();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const query = useQuery({
    queryKey: ['superuser', 'accounts', debounced],
    queryFn: () => searchAccounts(debounced),
    placeholderData: keepPreviousData,
  });
  const enter = useMutation({
    mutationFn: switchAccount,
    onSuccess: () => window.location.assign(localizedPath('overview', lang)),
    onError: (error) => handleApiError(error),
  });
  const accounts = query.data?.accounts ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('access.search.intro')}
      </Text>
      <TextInput
        label={t('access.search.label')}
        placeholder={t('access.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={query.isFetching ? <Loader size="xs" /> : null}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-autofocus
        data-testid="account-search-input"
      />
      {query.isSuccess && accounts.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="account-search-none">
          {t('access.search.none')}
        </Text>
      )}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('access.search.results')}>
        {accounts.map((account) => (
          <li key={account.id}>
            <Result account={account} busy={enter.isPending} onEnter={() => enter.mutate(account.id)} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function Result({ account, busy, onEnter }: { account: SuperUserAccount; busy: boolean; onEnter: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onEnter}
      disabled={busy}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' }}
      data-testid={`account-search-${account.id}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {account.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {[account.companyName, account.ownerName, account.ownerEmail].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Badge
          variant={account.status === 'expired' ? 'filled' : 'light'}
          color={account.status === 'expired' ? 'red.9' : 'gray'}
          style={{ flexShrink: 0 }}
        >
          {t(`access.status.${account.status}`)}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

/** The super user's entry to the search, for the account menu and the visit bar. */
export function AccountSearchButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setOpened(true)}
        leftSection={<IconSearch size={14} aria-hidden />}
        data-testid="account-search-open"
      >
        {t('access.search.open')}
      </Button>
      <AccountSearchModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
