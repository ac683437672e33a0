import type { ProfileField, UploadEntry } from '@app/contracts';
import { acceptOf, allowanceOfField, PICTURE_TYPES, type ProfileFieldState, type ProfileViewer } from '@app/domain';
import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentKeys } from '../../documents/api';
import { FileList } from '../../documents/FileList';
import { UploadButton } from '../../documents/UploadButton';
import { staffFileKeys } from './api';

interface Props {
  membershipId: string;
  viewer: ProfileViewer;
  field: ProfileField;
  state: ProfileFieldState;
  label: string;
  description: string | undefined;
  files: readonly UploadEntry[];
  error: string | undefined;
}

/**
 * An upload field of the staff file (docs/product/documents.md): its files, and a button that sends a file at once.
 * A required upload counts once a file is there, so the file refreshes after each upload; a manager's file is an
 * HR document.
 */
export function UploadField({ membershipId, viewer, field, state, label, description, files, error }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const allowance = allowanceOfField(field);
  const pictures = allowance.types.every((type) => PICTURE_TYPES.includes(type));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: staffFileKeys.of(membershipId) });
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  };
  const single = field.type === 'upload';
  const labelId = `file-${field.id}-label`;
  const shown = problem ?? error;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} data-testid={`file-field-${field.id}`}>
      <div>
        <Text size="sm" fw={500} id={labelId}>
          {label}
          {state.required && (
            <Text span c="red.9" aria-hidden>
              {' *'}
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {description ? `${description} ` : ''}
          {t(pictures ? 'documents.pictureHint' : 'documents.hint')}
        </Text>
      </div>
      {files.length > 0 ? (
        <FileList files={files} locked={state.disabled} onChanged={refresh} testId={`file-list-${field.id}`} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('documents.field.none')}
        </Text>
      )}
      <div>
        <UploadButton
          membershipId={membershipId}
          upload={{ key: field.id, hr: viewer === 'employer' }}
          label={t(
            single && files.length
              ? 'documents.field.replace'
              : single
                ? 'documents.field.upload'
                : 'documents.field.add',
          )}
          accept={acceptOf(allowance)}
          disabled={state.disabled}
          onUploaded={refresh}
          onError={setProblem}
          testId={`file-input-${field.id}`}
        />
      </div>
      {shown && (
        <Text size="xs" c="red.9" role="alert">
          {shown}
        </Text>
      )}
    </Stack>
  );
}
