import { z } from 'zod';

/**
 * The image types a profile picture may be uploaded as (docs/product/members.md); the content decides, not the name.
 */
export const AVATAR_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** The edge in pixels of the square a profile picture is stored as. */
export const AVATAR_EDGE = 256;

/** A member with a profile picture: its version is part of the picture's address, so a new one is fetched anew. */
export const AvatarEntry = z.object({
  membershipId: z.string(),
  userId: z.string(),
  version: z.number().int(),
});
export type AvatarEntry = z.infer<typeof AvatarEntry>;

/** The account's members who have a profile picture; everyone else shows their initials. */
export const AvatarsResponse = z.object({ avatars: z.array(AvatarEntry) });
export type AvatarsResponse = z.infer<typeof AvatarsResponse>;
