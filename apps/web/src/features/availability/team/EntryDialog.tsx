import { Modal } from '@mantine/core';
import { formatWeekdayDate } from '../../../ui/format';
import { EntryEditor } from '../EntryEditor';
import type { TeamAvailabilityState } from './useTeamAvailability';

/** Changes one person's day. */
export function EntryDialog({ a }: { a: TeamAvailabilityState }) {
  const { lang, narrow, editing, setEditing, initial, save, remove, can, formRef } = a;
  return (
    <Modal
      opened={editing !== null}
      onClose={() => setEditing(null)}
      title={editing ? `${editing.member.name} · ${formatWeekdayDate(editing.date, lang, 'long')}` : ''}
      fullScreen={narrow}
    >
      {editing && (
        <EntryEditor
          key={`${editing.member.id}${editing.date}`}
          initial={initial}
          count={1}
          saving={save.isPending}
          removing={remove.isPending}
          onCancel={() => setEditing(null)}
          onRemove={
            can(editing.member.id, editing.date).remove
              ? () => remove.mutate({ member: editing.member.id, date: editing.date })
              : undefined
          }
          onSave={(values, form) => {
            formRef.current = form;
            save.mutate({
              membership: editing.member.id,
              dates: [editing.date],
              type: values.type,
              start: values.start || null,
              end: values.end || null,
              note: values.note,
            });
          }}
        />
      )}
    </Modal>
  );
}
