import { AvatarEntry, AvatarsResponse, avatarUrl } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiVoid, get, post } from '../../app/api';

/** Query keys of profile pictures, built in one place. */
export const avatarKeys = {
  all: ['avatars'] as const,
};

const enc = encodeURIComponent;

/** Who in the account has a picture: one small list, so faces without one never ask the server. */
export const avatarsQuery = queryOptions({
  queryKey: avatarKeys.all,
  queryFn: async () => {
    const { avatars } = await get(AvatarsResponse, '/api/avatars');
    return new Map(avatars.map((a) => [a.membershipId, a]));
  },
  staleTime: 5 * 60_000,
});

/** The address of a member's picture, or undefined while they have none (the initials show instead). */
export function usePictureOf(membershipId: string | null | undefined): string | undefined {
  const avatars = useQuery({ ...avatarsQuery, enabled: Boolean(membershipId) });
  const entry = membershipId ? avatars.data?.get(membershipId) : undefined;
  return entry ? avatarUrl(entry.userId, entry.version) : undefined;
}

export const uploadAvatar = (membershipId: string, file: File) =>
  post(AvatarEntry, `/api/memberships/${enc(membershipId)}/avatar`, file);

export const removeAvatar = (membershipId: string) => apiVoid('DELETE', `/api/memberships/${enc(membershipId)}/avatar`);
