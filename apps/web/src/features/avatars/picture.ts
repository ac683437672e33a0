import { avatarUrl } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWithSchemaFrom } from '../../app/api';
import { useFirstContentShown } from '../../app/firstContent';

/** Query keys of profile pictures, built in one place. */
export const avatarKeys = {
  all: ['avatars'] as const,
};

/**
 * Who in the account has a picture: one small list, so faces without one never ask the server. The header shows a
 * face, so this is in the shell: its schema loads beside the call (api.ts, `getWithSchemaFrom`).
 */
export const avatarsQuery = queryOptions({
  queryKey: avatarKeys.all,
  queryFn: async () => {
    const { avatars } = await getWithSchemaFrom(
      () => import('./schemas').then((m) => m.AvatarsResponse),
      '/api/avatars',
    );
    return new Map(avatars.map((a) => [a.membershipId, a]));
  },
  staleTime: 5 * 60_000,
});

/**
 * The address of a member's picture, or undefined while they have none (the initials show instead). The list is
 * asked for once the page has shown its first content: the header's face is no reason to delay the page's own.
 */
export function usePictureOf(membershipId: string | null | undefined): string | undefined {
  const shown = useFirstContentShown();
  const avatars = useQuery({ ...avatarsQuery, enabled: Boolean(membershipId) && shown });
  const entry = membershipId ? avatars.data?.get(membershipId) : undefined;
  return entry ? avatarUrl(entry.userId, entry.version) : undefined;
}
