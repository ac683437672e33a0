import { type ChannelResponse, NAME_MAX_LENGTH, RenameChannelRequest } from '@app/contracts';
import { mayRemoveParticipant, memberFromInit } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconDoorExit, IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { addParticipants, chatKeys, contactsQuery, removeParticipant, renameChannel } from './api';
import { PersonFace } from './ChannelAvatar';
import { avatarStyles, initials } from './format';

/**
 * A channel's details: a group's name, its people (add, remove) and leaving it. A single chat shows the other
 * person only: it keeps its two people and has no name.
 */
export function ChannelDetails({
  opened,
  onClose,
  data,
  me,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  data: ChannelResponse;
  me: string;
  title: string;
}) {
  const { t } = useTranslation();
  const init = useSession();
  const member = memberFromInit(init);
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const narrow = useNarrowLayout();
  const queryClient = useQueryClient();
  const { channel, participants } = data;
  const group = channel.type === 'group';
  const contacts = useQuery({ ...contactsQuery, enabled: opened && group });
  // The rename is checked by the contract's schema (a name: required, one line), as the server will.
  const rename = useSchemaForm({ schema: RenameChannelRequest, initialValues: { title: channel.title ?? '' } });
  const name = rename.form.values.title;
  const [adding, setAdding] = useState<string[]>([]);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const creator = participants.find((p) => p.role === 'creator')?.user.id ?? null;
  const current = participants.filter((p) => p.deletedAt === null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is fixed for the drawer's life
  useEffect(() => {
    if (opened) {
      rename.form.setValues({ title: channel.title ?? '' });
      rename.form.resetDirty({ title: channel.title ?? '' });
      setAdding([]);
      setConfirmLeave(false);
    }
  }, [opened, channel.title]);

  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: chatKeys.history(channel.id) });
    queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
  };
  /** One change to the channel at a time: its words on success, then the caller's next step. */
  const change = useMutation({
    mutationFn: ({ work }: { work: () => Promise<unknown>; done: string; then?: () => void }) => work(),
    onSuccess: (_answer, { done, then }) => {
      notify('success', done);
      refresh();
      then?.();
    },
  });
  const busy = change.isPending;
  const run = (work: () => Promise<unknown>, done: string, then?: () => void) => change.mutate({ work, done, then });

  const inChannel = new Set(current.map((p) => p.user.id));
  const options = (contacts.data ?? [])
    .filter((c) => !inChannel.has(c.id))
    .map((c) => ({ value: c.id, label: c.name ?? t('roster.hiddenName') }));

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={narrow ? 'bottom' : 'right'}
      size={narrow ? '85%' : 'md'}
      title={<Text fw={700}>{t('chats.details.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="chat-details-drawer"
    >
      <Stack gap="lg">
        {group ? (
          <form
            noValidate
            onSubmit={rename.form.onSubmit((values) => {
              const { title: next } = rename.body(values);
              if (next !== channel.title) run(() => renameChannel(channel.id, next), t('chats.details.renamed'));
            })}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('chats.details.name')}
                maxLength={NAME_MAX_LENGTH}
                {...rename.form.getInputProps('title')}
                data-testid="chat-rename"
              />
              <Button type="submit" variant="light" disabled={busy || !name.trim() || name.trim() === channel.title}>
                {t('chats.details.save')}
              </Button>
            </Group>
          </form>
        ) : (
          <Text c="dimmed" size="sm">
            {t('chats.details.single', { name: title })}
          </Text>
        )}

        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('chats.details.members', { count: current.length })}
          </Text>
          {current.map((p) => {
            const removable =
              group && p.user.id !== me && mayRemoveParticipant(member, { creatorId: creator }, p.user.id);
            return (
              <Group key={p.user.id} justify="space-between" wrap="nowrap" data-testid="chat-member">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <PersonFace id={p.user.id} size={32} radius="xl" styles={avatarStyles(p.user.id)} aria-hidden>
                    {initials(p.user.name)}
                  </PersonFace>
                  <Text size="sm" truncate>
                    {p.user.id === me
                      ? `${p.user.name ?? ''} (${t('chats.you')})`
                      : (p.user.name ?? t('roster.hiddenName'))}
                  </Text>
                  {p.role === 'creator' && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('chats.details.creator')}
                    </Badge>
                  )}
                </Group>
                {removable && (
                  <Tooltip label={t('chats.details.remove', { name: p.user.name ?? t('roster.hiddenName') })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      aria-label={t('chats.details.remove', { name: p.user.name ?? t('roster.hiddenName') })}
                      onClick={() =>
                        run(
                          () => removeParticipant(channel.id, p.user.id),
                          t('chats.details.removed', { name: p.user.name ?? t('roster.hiddenName') }),
                        )
                      }
                    >
                      <IconUserMinus size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Stack>

        {group && (
          <Stack gap="xs">
            <MultiSelect
              label={t('chats.details.add')}
              placeholder={t('chats.create.search')}
              data={options}
              value={adding}
              onChange={setAdding}
              searchable
              nothingFoundMessage={t('chats.create.nobody')}
              comboboxProps={{ withinPortal: true }}
              data-testid="chat-add-people"
            />
            <Button
              variant="light"
              disabled={busy || adding.length === 0}
              onClick={() =>
                run(
                  () => addParticipants(channel.id, adding),
                  t('chats.details.added'),
                  () => setAdding([]),
                )
              }
            >
              {t('chats.details.addSubmit')}
            </Button>
          </Stack>
        )}

        {group && (
          <>
            <Divider />
            {confirmLeave ? (
              <Alert color="red" variant="light" title={t('chats.details.leave')}>
                <Stack gap="sm">
                  <Text size="sm">{t('chats.details.leaveConfirm')}</Text>
                  <Group gap="xs">
                    <Button
                      color="red"
                      loading={busy}
                      onClick={() =>
                        run(
                          () => removeParticipant(channel.id, me),
                          t('chats.details.left'),
                          () => {
                            onClose();
                            queryClient.removeQueries({ queryKey: chatKeys.history(channel.id) });
                            navigate(pathTo('chats'), { replace: true });
                          },
                        )
                      }
                      data-testid="chat-leave-confirm"
                    >
                      {t('chats.details.leave')}
                    </Button>
                    <Button variant="default" onClick={() => setConfirmLeave(false)}>
                      {t('common.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconDoorExit size={18} />}
                onClick={() => setConfirmLeave(true)}
                data-testid="chat-leave"
              >
                {t('chats.details.leave')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
