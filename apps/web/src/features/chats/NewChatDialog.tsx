import { NAME_MAX_LENGTH } from '@app/contracts';
import { Alert, Button, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePathTo } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { chatKeys, contactsQuery, createChannel } from './api';

/** Starts a chat with one person (the existing one if there is one) or a named group. */
export function NewChatDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const narrow = useNarrowLayout();
  const queryClient = useQueryClient();
  const contacts = useQuery({ ...contactsQuery, enabled: opened });
  const [type, setType] = useState<'single' | 'group'>('single');
  const [person, setPerson] = useState<string | null>(null);
  const [people, setPeople] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setType('single');
      setPerson(null);
      setPeople([]);
      setTitle('');
      setTitleError(null);
    }
  }, [opened]);

  const options = (contacts.data ?? []).map((c) => ({ value: c.id, label: c.name ?? t('roster.hiddenName') }));
  const ready = type === 'single' ? Boolean(person) : people.length > 0;

  // A refusal goes through the one HTTP error mapping (the query client's), as every mutation's does.
  const create = useMutation({
    mutationFn: createChannel,
    onSuccess: async (channel) => {
      await queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
      onClose();
      navigate(pathTo('chat', { channel: channel.id }));
    },
  });
  const submit = () => {
    if (type === 'group' && !title.trim()) {
      setTitleError(t('validation.required'));
      return;
    }
    if (!ready) return;
    create.mutate(
      type === 'single'
        ? { type, participants: [person as string] }
        : { type, title: title.trim(), participants: people },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('chats.create.title')}
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="chat-new-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={type}
            onChange={(v) => setType(v as 'single' | 'group')}
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
              value={person}
              onChange={setPerson}
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
                value={title}
                maxLength={NAME_MAX_LENGTH}
                onChange={(e) => {
                  setTitle(e.currentTarget.value);
                  setTitleError(null);
                }}
                error={titleError}
                withAsterisk
                data-testid="chat-new-title"
              />
              <MultiSelect
                label={t('chats.create.people')}
                placeholder={t('chats.create.search')}
                data={options}
                value={people}
                onChange={setPeople}
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
