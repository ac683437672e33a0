import { NOTE_MAX_LENGTH } from '@app/contracts';
import { ActionIcon, Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { formatDateTime } from '../../ui/format';
import { dayCalls, rosterKeys } from './api';
import { useRosterView } from './context';
import { longDayLabel } from './format';

/** A day's note (planners write it; at most 500 characters, empty removes) and its comments (members add them). */
export function DayPanel({ date }: { date: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, location, planner, me, manager, observerOnly, locale } = useRosterView();
  const stored = data.notes[date] ?? '';
  const [note, setNote] = useState(stored);
  const [comment, setComment] = useState('');
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const comments = data.comments.filter((c) => c.date === date);

  const refresh = () => queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
  // A failure goes through the one error mapping; what was typed stays in the field.
  const change = useMutation({
    mutationFn: ({ action }: { action: () => Promise<unknown>; done: () => void }) => action(),
    onSuccess: (_answer, { done }) => {
      done();
      return refresh();
    },
  });
  const busy = change.isPending;
  const run = (action: () => Promise<unknown>, done: () => void) => change.mutate({ action, done });

  const saveNote = () =>
    run(
      () => dayCalls.setNote(location, date, note),
      () => notify('success', t(note.trim() ? 'roster.day.noteSaved' : 'roster.day.noteRemoved')),
    );
  const addComment = () => {
    const message = comment.trim();
    if (!message) return;
    run(
      () => dayCalls.addComment(location, date, message),
      () => setComment(''),
    );
  };

  return (
    <Stack gap="sm" data-testid={`day-panel-${date}`}>
      <Text fw={700} size="sm">
        {longDayLabel(date, locale)}
      </Text>
      {planner ? (
        <Stack gap={4}>
          <Textarea
            label={t('roster.day.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={NOTE_MAX_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
            data-testid="day-note-input"
            ref={noteInput}
          />
          <Group justify="flex-end" gap="xs">
            {stored && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={busy}
                onClick={() => {
                  setNote('');
                  // The button goes with the note: focus stays in the panel (Escape still closes it).
                  noteInput.current?.focus();
                  run(
                    () => dayCalls.setNote(location, date, ''),
                    () => notify('success', t('roster.day.noteRemoved')),
                  );
                }}
              >
                {t('roster.day.removeNote')}
              </Button>
            )}
            <Button size="xs" onClick={saveNote} disabled={busy || note === stored} data-testid="day-note-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        stored && (
          <Stack gap={2}>
            <Text size="xs" c="gray.7">
              {t('roster.day.note')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {stored}
            </Text>
          </Stack>
        )
      )}
      <Divider label={t('roster.day.comments')} labelPosition="left" />
      {comments.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('roster.day.noComments')}
        </Text>
      )}
      {comments.map((c) => (
        <Group key={c.id} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="gray.7">
              {data.users[c.user]?.name ?? t('roster.hiddenName')} · {formatDateTime(c.createdAt, locale)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.message}
            </Text>
          </Stack>
          {(c.user === me || manager) && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('roster.day.deleteComment')}
              disabled={busy}
              onClick={() =>
                run(
                  () => dayCalls.deleteComment(c.id),
                  () => undefined,
                )
              }
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!observerOnly && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            aria-label={t('roster.day.addComment')}
            placeholder={t('roster.day.addComment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={NOTE_MAX_LENGTH * 2}
            data-testid="day-comment-input"
          />
          <Button size="sm" onClick={addComment} disabled={busy || !comment.trim()}>
            {t('roster.day.send')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
