import type { UploadEntry } from '@app/contracts';
import { ActionIcon, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { confirmAsync } from '../../ui/confirm';
import { formatDateTime } from '../../ui/format';
import { useLang } from '../../ui/useLang';
import { deleteUpload } from './api';

/** Bytes as people read them: "820 KB", "1.4 MB". */
export function fileSize(bytes: number, lang: string): string {
  const mb = bytes / (1024 * 1024);
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  return mb >= 1 ? `${format.format(mb)} MB` : `${format.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

interface Props {
  files: readonly UploadEntry[];
  /** Deleting is offered where the file allows it, unless the place is closed (a locked profile field). */
  locked?: boolean;
  onChanged: () => void;
  testId?: string;
}

/** Kept files: each opens as a download by its signed link; the ones the viewer may delete have a delete button. */
export function FileList({ files, locked, onChanged, testId }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const remove = useMutation({
    mutationFn: (id: string) => deleteUpload(id),
    onSuccess: () => {
      notify('success', t('documents.deleted'));
      onChanged();
    },
  });
  const ask = async (file: UploadEntry) => {
    const yes = await confirmAsync({
      title: t('documents.deleteTitle'),
      message: t('documents.deleteConfirm', { name: file.name }),
      confirm: t('documents.deleteYes'),
      danger: true,
    });
    if (yes) remove.mutate(file.id);
  };
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {files.map((file) => (
        <Group
          component="li"
          key={file.id}
          gap="sm"
          wrap="nowrap"
          justify="space-between"
          data-testid="document"
          data-name={file.name}
        >
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {file.mime.startsWith('image/') ? (
              <IconPhoto size={20} aria-hidden style={{ flex: 'none' }} />
            ) : (
              <IconFileText size={20} aria-hidden style={{ flex: 'none' }} />
            )}
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor href={file.url} download={file.name} size="sm" fw={500} truncate="end">
                {file.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {[
                  formatDateTime(file.date, lang),
                  fileSize(file.size, lang),
                  file.uploadedBy ? t('documents.uploadedBy', { name: file.uploadedBy }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            {file.hr && (
              <Badge variant="light" color="gray.8" size="sm" style={{ flex: 'none' }}>
                {t('documents.hr')}
              </Badge>
            )}
          </Group>
          {file.mayDelete && !locked && (
            <ActionIcon
              variant="subtle"
              color="red.9"
              aria-label={t('documents.delete', { name: file.name })}
              onClick={() => ask(file)}
              loading={remove.isPending && remove.variables === file.id}
              data-testid="document-delete"
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
