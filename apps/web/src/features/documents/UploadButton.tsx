import { UPLOAD_MAX_BYTES, type UploadEntry } from '@app/contracts';
import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { type UploadRequest, uploadFile } from './api';

interface Props {
  membershipId: string;
  upload: Omit<UploadRequest, 'file'>;
  label: string;
  accept: string;
  disabled?: boolean;
  onUploaded: (entry: UploadEntry) => void;
  /** Where the server's word on the file (its type, its size) goes. */
  onError: (message: string | null) => void;
  testId?: string;
}

/**
 * A button that picks one file and sends it at once. A file over 4 MB is stopped here, before it is sent; what it
 * is, the server decides by its bytes, and its refusal lands on the field.
 */
export function UploadButton({ membershipId, upload, label, accept, disabled, onUploaded, onError, testId }: Props) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: (file: File) => uploadFile(membershipId, { ...upload, file }),
    meta: { form: { setFieldError: (_path: string, message: string) => onError(message) } },
    onSuccess: (entry) => {
      notify('success', t('documents.uploaded'));
      onUploaded(entry);
    },
  });
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      onError(t('documents.errors.tooLarge'));
      return;
    }
    onError(null);
    send.mutate(file);
  };
  return (
    <FileButton onChange={pick} accept={accept} disabled={disabled} inputProps={{ 'data-testid': testId } as never}>
      {(props) => (
        <Button
          {...props}
          variant="light"
          size="sm"
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={send.isPending}
          disabled={disabled}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}
