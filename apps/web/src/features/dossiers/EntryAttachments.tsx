import { type DossierEntry, UPLOAD_MAX_BYTES } from '@app/contracts';
import { acceptOf, allowanceOfFolder } from '@app/domain';
import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { fileSize } from '../documents/FileList';
import { attachToEntry, dossierKeys, removeAttachment } from './api';

/**
 * An entry's files: each opens by its signed link; its keepers attach more (4 MB, checked by the server like any
 * upload) and remove them. They go with the entry.
 */
export function EntryAttachments({ entry, keeps }: { entry: DossierEntry; keeps: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: dossierKeys.of(entry.membership) });
  const meta = { form: { setFieldError: (_path: string, message: string) => setProblem(message) } };
  const attach = useMutation({
    mutationFn: (file: File) => attachToEntry(entry.id, file),
    meta,
    onSuccess: () => {
      notify('success', t('dossier.attached'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeAttachment(id),
    onSuccess: () => {
      notify('success', t('documents.deleted'));
      refresh();
    },
  });
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) return setProblem(t('documents.errors.tooLarge'));
    setProblem(null);
    attach.mutate(file);
  };
  if (!keeps && entry.attachments.length === 0) return null;
  return (
    <Stack gap={4} data-testid="dossier-attachments">
      {entry.attachments.map((a) => (
        <Group key={a.id} gap="xs" wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <Anchor href={a.url} size="sm" download={a.name} style={{ overflowWrap: 'anywhere' }}>
            {a.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {fileSize(a.size, lang)}
          </Text>
          {keeps && (
            <ActionIcon
              variant="subtle"
              color="red.9"
              size="sm"
              aria-label={t('documents.delete', { name: a.name })}
              onClick={() => remove.mutate(a.id)}
              loading={remove.isPending && remove.variables === a.id}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {keeps && (
        <FileButton
          onChange={pick}
          accept={acceptOf(allowanceOfFolder('others'))}
          inputProps={{ 'data-testid': 'dossier-attach-input' } as never}
        >
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              loading={attach.isPending}
              w="fit-content"
              data-testid="dossier-attach"
            >
              {t('dossier.attach')}
            </Button>
          )}
        </FileButton>
      )}
      {problem && (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
