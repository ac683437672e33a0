import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_TYPES } from '@app/contracts';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { PersonAvatar } from '../team/people';
import { removeAvatar, uploadAvatar } from './api';
import { avatarKeys, usePictureOf } from './picture';

/**
 * A member's picture with its upload and removal: jpg, png or gif up to 2 MB. The browser refuses what is plainly
 * wrong before sending; the server checks the content and answers 413 or 422, worded here.
 */
export function AvatarEditor({
  membershipId,
  fname,
  lname,
  disabled = false,
}: {
  membershipId: string;
  fname: string;
  lname: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const picture = usePictureOf(membershipId);
  const [error, setError] = useState<string | null>(null);
  const done = () => queryClient.invalidateQueries({ queryKey: avatarKeys.all });
  const failure = (e: unknown) => {
    if (isApiError(e) && e.status === 413) return t('avatars.errors.tooLarge');
    const field = isApiError(e) ? e.body?.fields?.file?.[0] : undefined;
    if (field) return t(field);
    return t('avatars.errors.failed');
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadAvatar(membershipId, file),
    onSuccess: async () => {
      setError(null);
      await done();
      notify('success', t('avatars.saved'));
    },
    onError: (e) => setError(failure(e)),
  });
  const remove = useMutation({
    mutationFn: () => removeAvatar(membershipId),
    onSuccess: async () => {
      setError(null);
      await done();
      notify('success', t('avatars.removed'));
    },
    onError: (e) => setError(failure(e)),
  });
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return setError(t('avatars.errors.tooLarge'));
    if (file.type && !(AVATAR_UPLOAD_TYPES as readonly string[]).includes(file.type))
      return setError(t('avatars.errors.type'));
    upload.mutate(file);
  };
  return (
    <Group gap="md" wrap="nowrap" align="center" data-testid="avatar-editor">
      <PersonAvatar membershipId={membershipId} fname={fname} lname={lname} size={72} />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={choose} accept={AVATAR_UPLOAD_TYPES.join(',')} disabled={disabled}>
            {(props) => (
              <Button size="xs" variant="light" loading={upload.isPending} data-testid="avatar-upload" {...props}>
                {picture ? t('avatars.replace') : t('avatars.upload')}
              </Button>
            )}
          </FileButton>
          {picture && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              disabled={disabled}
              onClick={() => remove.mutate()}
              data-testid="avatar-remove"
            >
              {t('avatars.remove')}
            </Button>
          )}
        </Group>
        {error ? (
          <Text size="xs" c="red.8" role="alert" data-testid="avatar-error">
            {error}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t('avatars.hint')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
