import { type DocumentFolder, HR_FOLDERS, UPLOAD_MAX_BYTES } from '@app/contracts';
import { acceptOf, allowanceOfFolder } from '@app/domain';
import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { uploadFile } from './api';

interface Props {
  opened: boolean;
  onClose: () => void;
  membershipId: string;
  name: string;
  /** The folder the page shows, when it is one HR documents go into. */
  folder: DocumentFolder | null;
  onAdded: () => void;
}

/** A manager files an HR document into a member's file: the folder and the file; the member is told. */
export function AddDocumentDialog({ opened, onClose, membershipId, name, folder, onAdded }: Props) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<DocumentFolder>(folder && folder !== 'uploads' ? folder : 'others');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: (chosen: File) => uploadFile(membershipId, { key: target, file: chosen, hr: true }),
    meta: { form: { setFieldError: (path: string, message: string) => setErrors((e) => ({ ...e, [path]: message })) } },
    onSuccess: () => {
      notify('success', t('documents.added'));
      setFile(null);
      onAdded();
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!file) return setErrors({ file: t('validation.required') });
    if (file.size > UPLOAD_MAX_BYTES) return setErrors({ file: t('documents.errors.tooLarge') });
    add.mutate(file);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('documents.addTitle', { name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="add-document-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t('documents.folderLabel')}
            data={HR_FOLDERS.map((f) => ({ value: f, label: t(`documents.folder.${f}`) }))}
            value={target}
            onChange={(v) => v && setTarget(v as DocumentFolder)}
            allowDeselect={false}
            error={errors.key}
            data-testid="add-document-folder"
          />
          <FileInput
            label={t('documents.file')}
            placeholder={t('documents.choose')}
            description={t(target === 'payslips' ? 'documents.payslipHint' : 'documents.hint')}
            accept={acceptOf(allowanceOfFolder(target))}
            value={file}
            onChange={setFile}
            leftSection={<IconUpload size={16} aria-hidden />}
            error={errors.file}
            required
            fileInputProps={{ 'data-testid': 'add-document-file' } as never}
          />
          {errors.form && (
            <Text size="sm" c="red.9" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="add-document-send">
              {t('documents.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
