import { CreateChannelRequest, NAME_MAX_LENGTH } from '@app/contracts';
import { Alert, Button, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePathTo } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { chatKeys, contactsQuery, createChannel } from './api';

/** Starts a chat with one person (the existing one if there is one) or a named group. */
export function NewChatDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const narrow = useNarrowLayout();
  const queryClient = useQueryClient();
  const contacts = useQuery({ ...contactsQuery, enabled: opened });
  // The contract's schema checks the group's title (required), as the server will.
  const { form, body, fieldErrors } = useSchemaForm({
    schema: CreateChannelRequest,
    initialValues: {
      type: 'single' as 'single' | 'group',
      person: null as string | null,
      people: [] as string[],
      title: '',
    },
    toBody: (v) =>
      v.type === 'single'
        ? { type: v.type, participants: v.person ? [v.person] : [] }
        : { type: v.type, title: v.title, participants: v.people },
  });
  const { type, person, people } = form.values;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);

  const options = (contacts.data ?? []).map((c) => ({ value: c.id, label: c.name ?? t('roster.hiddenName') }));
  const ready = type === 'single' ? Boolean(person) : people.length > 0;

  // A refusal goes through the one HTTP error mapping (the query client's), as every mutation's does.
  const create = useMutation({
    mutationFn: createChannel,
    meta: { form: fieldErrors },
    onSuccess: async (channel) => {
      await queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
      onClose();
      navigate(pathTo('chat', { channel: channel.id }));
    },
  });
  const submit = form.onSubmit((values) => {
    if (ready) create.mutate(body(values));
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('chats.create.title')}
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="chat-new-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            {...form.getInputProps('type')}
            data={[
              { value: 'single', label: t('chats.create.single') },
              { value: 'group', label: t('chats.create.group') },
            ]}
            aria-label={t('chats.create.kind')}
          />
          {contacts.data && contacts.data.length === 0 && (
            <Alert color="gray" variant="light">
              {t('chats.create.noContacts')}
            </Alert>
          )}
          {type === 'single' ? (
            <Select
              label={t('chats.create.person')}
              placeholder={t('chats.create.search')}
              data={options}
              {...form.getInputProps('person')}
              searchable
              nothingFoundMessage={t('chats.create.nobody')}
              disabled={contacts.isPending}
              data-testid="chat-new-person"
              data-autofocus
            />
          ) : (
            <>
              <TextInput
                label={t('chats.create.groupTitle')}
                maxLength={NAME_MAX_LENGTH}
                {...form.getInputProps('title')}
                withAsterisk
                data-testid="chat-new-title"
              />
              <MultiSelect
                label={t('chats.create.people')}
                placeholder={t('chats.create.search')}
                data={options}
                {...form.getInputProps('people')}
                searchable
                nothingFoundMessage={t('chats.create.nobody')}
                disabled={contacts.isPending}
                data-testid="chat-new-people"
              />
            </>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!ready} data-testid="chat-new-submit">
              {t('chats.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
