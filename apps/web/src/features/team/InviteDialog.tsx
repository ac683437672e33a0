import { InvitePerson, InviteRequest, LOCALES, type Locale } from '@app/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { locationsQuery } from '../catalog/api';
import { invite, teamKeys } from './api';
import { parsePeopleList } from './model';

const INVITE_ROLES = ['user', 'planner', 'supervisor', 'observer', 'freelancer'] as const;
type InviteRole = (typeof INVITE_ROLES)[number];

const isRefusal = (e: ApiError) => e.code === 'EMAIL_TAKEN' || e.code === 'PLAN_LIMIT';

/** Invites one person, or many from a pasted list; each gets a mail in their language with a link to join. */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const locations = useQuery({ ...locationsQuery, enabled: opened });
  const [tab, setTab] = useState<string | null>('one');
  const [pasted, setPasted] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [role, setRole] = useState<InviteRole>('user');
  const person = useSchemaForm({
    schema: InvitePerson,
    // New people speak the company's language unless the inviter chooses another (the account's language).
    initialValues: { fname: '', lname: '', email: '', locale: session.account.settings.locale as Locale },
    toBody: (v) => ({ ...v, fname: v.fname.trim(), lname: v.lname.trim(), email: v.email.trim() }),
    // The server checks the request: its one person's fields are the form's.
    rename: { 'people.0.fname': 'fname', 'people.0.lname': 'lname', 'people.0.email': 'email' },
  });
  const one = person.form;
  const list = useMemo(() => parsePeopleList(pasted), [pasted]);

  const close = () => {
    one.reset();
    setPasted('');
    setRefusal(null);
    setLocationIds([]);
    setRole('user');
    setTab('one');
    onClose();
  };

  const mutation = useMutation({
    mutationFn: (body: InviteRequest) => invite(body),
    meta: { form: tab === 'one' ? person.fieldErrors : undefined, handled: isRefusal },
    onMutate: () => setRefusal(null),
    onError: (error) => {
      if (!isApiError(error) || !isRefusal(error)) return;
      const data = error.body?.data ?? {};
      if (error.code === 'PLAN_LIMIT') setRefusal(t('team.planLimit', { max: data.max }));
      else {
        const emails = Array.isArray(data.emails) ? data.emails.join(', ') : '';
        // The server names the addresses only, never whether the person is of this company or another.
        setRefusal(t(data.scope === 'list' ? 'team.emailTaken.list' : 'team.emailTaken.taken', { emails }));
      }
    },
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.list() });
      notify('success', t('team.invited', { count: res.invited.length }));
      close();
    },
  });

  const submit = () => {
    if (tab === 'one' && one.validate().hasErrors) return;
    const people =
      tab === 'one'
        ? [person.body(one.values)]
        : // A pasted list names no language: the server gives each the account's.
          list.people;
    const body = InviteRequest.safeParse({ people, locationIds, role });
    if (!body.success) {
      setRefusal(t('team.listInvalid'));
      return;
    }
    mutation.mutate({ people, locationIds, role });
  };

  const count = tab === 'one' ? 1 : list.people.length;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('team.inviteTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack data-testid="invite-dialog">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="one" data-testid="invite-tab-one">
              {t('team.inviteOne')}
            </Tabs.Tab>
            <Tabs.Tab value="many" data-testid="invite-tab-many">
              {t('team.inviteMany')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="one" pt="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label={t('team.f.fname')}
                  required
                  data-testid="invite-fname"
                  {...one.getInputProps('fname')}
                />
                <TextInput label={t('team.f.lname')} data-testid="invite-lname" {...one.getInputProps('lname')} />
              </SimpleGrid>
              <TextInput
                label={t('team.f.email')}
                type="email"
                required
                data-testid="invite-email"
                {...one.getInputProps('email')}
              />
              <Select
                label={t('team.f.locale')}
                description={t('team.localeHint')}
                allowDeselect={false}
                data={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                {...one.getInputProps('locale')}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="many" pt="md">
            <Stack gap="sm">
              <Textarea
                label={t('team.pasteLabel')}
                description={t('team.pasteHint')}
                autosize
                minRows={5}
                maxRows={12}
                value={pasted}
                onChange={(e) => setPasted(e.currentTarget.value)}
                placeholder={'Anna Schmidt <anna@example.com>\nBen Neumann, ben@example.com'}
                data-testid="invite-paste"
              />
              {list.problems.length > 0 && (
                <Text size="sm" c="orange.8" data-testid="invite-problems">
                  {t('team.pasteProblems', { lines: list.problems.join(', ') })}
                </Text>
              )}
              {list.people.length > 0 && (
                <Table.ScrollContainer minWidth={360} mah={220}>
                  <Table striped withTableBorder data-testid="invite-preview">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('team.f.fname')}</Table.Th>
                        <Table.Th>{t('team.f.lname')}</Table.Th>
                        <Table.Th>{t('team.f.email')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.people.map((p) => (
                        <Table.Tr key={p.email}>
                          <Table.Td>{p.fname}</Table.Td>
                          <Table.Td>{p.lname}</Table.Td>
                          <Table.Td>{p.email}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MultiSelect
            label={t('team.inviteLocations')}
            placeholder={locationIds.length ? undefined : t('team.none')}
            data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={locationIds}
            onChange={setLocationIds}
            searchable
            data-testid="invite-locations"
          />
          <Select
            label={t('team.role')}
            allowDeselect={false}
            value={role}
            onChange={(v) => setRole((v ?? 'user') as InviteRole)}
            data={INVITE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        </SimpleGrid>
        {refusal && (
          <Alert color="red" data-testid="invite-refusal">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={mutation.isPending} disabled={count === 0} data-testid="invite-submit">
            {t('team.sendInvitations', { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
