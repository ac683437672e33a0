import { ItemMessage, ItemMessagesResponse, NOTE_MAX_LENGTH, type RosterItem } from '@app/contracts';
import { ActionIcon, Button, Collapse, Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiVoid, get, post } from '../../../app/api';
import { handleApiError } from '../../../app/apiErrors';
import { formatDateTime } from '../../../ui/format';
import { rosterKeys } from '../api';
import { useRosterView } from '../context';

/** Under the roster's keys: realtime's invalidation of `rosterKeys.all` refreshes an open list too. */
const itemMessagesKey = (item: string) => [...rosterKeys.all, 'itemMessages', item] as const;

const itemMessageCalls = {
  list: async (item: string) => await get(ItemMessagesResponse, `/api/item/messages?item=${encodeURIComponent(item)}`),
  add: async (item: string, message: string) => await post(ItemMessage, '/api/item/messages', { item, message }),
  remove: (id: string) => apiVoid('DELETE', `/api/item/messages/${encodeURIComponent(id)}`),
};

/**
 * The comments of an item in its toolbox (docs/product/roster.md, "Item comments"): read and written by the planners
 * and the member planned on it; deleted by their author, an owner or a manager. Folded by default so the toolbox
 * keeps its height.
 */
export function ItemComments({ item }: { item: RosterItem }) {
  const { t } = useTranslation();
  const { data, planner, me, manager, locale } = useRosterView();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const allowed = planner || (item.user !== null && item.user === me);
  const query = useQuery({
    queryKey: itemMessagesKey(item.id),
    queryFn: () => itemMessageCalls.list(item.id),
    enabled: allowed,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: itemMessagesKey(item.id) });
  const add = useMutation({
    mutationFn: (message: string) => itemMessageCalls.add(item.id, message),
    onSuccess: () => {
      setText('');
      void refresh();
    },
    onError: (error) => handleApiError(error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => itemMessageCalls.remove(id),
    onSuccess: () => void refresh(),
    onError: (error) => handleApiError(error),
  });
  if (!allowed) return null;
  const messages = query.data ?? [];
  const busy = add.isPending || remove.isPending;
  const send = () => {
    const message = text.trim();
    if (message) add.mutate(message);
  };
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <Stack gap={6} mt="xs" className="roster-item-comments" data-testid="item-comments">
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={`item-comments-${item.id}`}
        data-testid="item-comments-toggle"
      >
        <Group gap={4} wrap="nowrap">
          <Chevron size={14} aria-hidden />
          <Text size="xs" fw={600}>
            {t('roster.itemComments.title', { count: messages.length })}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={open} id={`item-comments-${item.id}`}>
        <Stack gap={6}>
          {query.isSuccess && messages.length === 0 && (
            <Text size="xs" c="gray.7">
              {t('roster.itemComments.none')}
            </Text>
          )}
          <Stack gap={6} mah={160} style={{ overflowY: 'auto' }}>
            {messages.map((m) => (
              <Group
                key={m.id}
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                gap="xs"
                data-testid="item-comment"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="xs" c="gray.7">
                    {data.users[m.user]?.name ?? t('roster.hiddenName')} · {formatDateTime(m.createdAt, locale)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.message}
                  </Text>
                </Stack>
                {(m.user === me || manager) && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={t('roster.itemComments.delete')}
                    disabled={busy}
                    onClick={() => remove.mutate(m.id)}
                    data-testid="item-comment-delete"
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              size="xs"
              aria-label={t('roster.itemComments.add')}
              placeholder={t('roster.itemComments.add')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
              }}
              autosize
              minRows={1}
              maxRows={3}
              maxLength={NOTE_MAX_LENGTH}
              data-testid="item-comment-input"
            />
            <Button size="xs" onClick={send} disabled={busy || !text.trim()} data-testid="item-comment-send">
              {t('roster.itemComments.send')}
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Stack>
  );
}
