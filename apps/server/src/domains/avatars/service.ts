import { createHash } from 'node:crypto';
import {
  AVATAR_EDGE,
  AVATAR_MAX_BYTES,
  AVATAR_UPLOAD_TYPES,
  type AvatarEntry,
  type AvatarsResponse,
} from '@app/contracts';
import { mayEditAvatar, now } from '@app/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { avatars, memberships, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { membershipInAccount } from '../members/repo';
import { initialsSvg } from './initials';

/** Pictures bigger than this many pixels are refused before they are decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The stored picture: turned upright, cut to a square of AVATAR_EDGE pixels and written anew as WebP, which keeps
 * none of the upload's metadata (camera, place, time). An animated gif keeps its first frame.
 */
export async function normaliseAvatar(content: Buffer): Promise<Buffer> {
  return sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(AVATAR_EDGE, AVATAR_EDGE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * Refuses what is no jpg, png or gif by its bytes, and what is over 2 MB (422 on the file field,
 * docs/product/members.md).
 */
async function checkUpload(content: Buffer): Promise<void> {
  if (content.length === 0) throw fieldError({ file: ['validation.required'] });
  if (content.length > AVATAR_MAX_BYTES) throw fieldError({ file: ['avatars.errors.tooLarge'] });
  const type = await fileTypeFromBuffer(content);
  if (!type || !(AVATAR_UPLOAD_TYPES as readonly string[]).includes(type.mime))
    throw fieldError({ file: ['avatars.errors.type'] });
}

export async function uploadAvatar(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  content: Buffer,
): Promise<AvatarEntry> {
  const target = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  requireAllowed(mayEditAvatar(actor, { membershipId: target.id, roles: target.roles }));
  await checkUpload(content);
  let picture: Buffer;
  try {
    picture = await normaliseAvatar(content);
  } catch {
    // The magic bytes said image, but it does not decode (cut off, or too many pixels).
    throw fieldError({ file: ['avatars.errors.type'] });
  }
  return runCommand(ctx, actor, async ({ tx }) => {
    const [row] = await tx
      .insert(avatars)
      .values({
        membershipId: target.id,
        accountId: actor.accountId,
        content: picture,
        mime: 'image/webp',
        updatedAt: now(),
      })
      .onConflictDoUpdate({
        target: avatars.membershipId,
        set: { content: picture, mime: 'image/webp', version: sql`${avatars.version} + 1`, updatedAt: now() },
      })
      .returning({ version: avatars.version });
    await recordActivity(tx, actor, {
      entity: 'avatar',
      entityId: target.id,
      action: 'update',
      after: { version: row.version, bytes: picture.length },
    });
    return { membershipId: target.id, userId: target.userId, version: row.version };
  });
}

export async function deleteAvatar(ctx: AppContext, actor: Actor, membershipId: string): Promise<void> {
  const target = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  requireAllowed(mayEditAvatar(actor, { membershipId: target.id, roles: target.roles }));
  await runCommand(ctx, actor, async ({ tx }) => {
    const removed = await tx
      .delete(avatars)
      .where(and(eq(avatars.membershipId, target.id), eq(avatars.accountId, actor.accountId)))
      .returning({ version: avatars.version });
    if (removed.length)
      await recordActivity(tx, actor, { entity: 'avatar', entityId: target.id, action: 'delete', before: removed[0] });
  });
}

/** Who in the account has a picture, and its version: one small list instead of a request per face. */
export async function listAvatars(ctx: AppContext, actor: Actor): Promise<AvatarsResponse> {
  const rows = await ctx.db
    .select({ membershipId: avatars.membershipId, userId: memberships.userId, version: avatars.version })
    .from(avatars)
    .innerJoin(memberships, eq(memberships.id, avatars.membershipId))
    .where(and(eq(avatars.accountId, actor.accountId), ne(memberships.status, 'deleted')));
  return { avatars: rows };
}

export interface AvatarImage {
  mime: string;
  content: Buffer;
  /** A strong validator: the version of the picture, or the initials drawn. */
  etag: string;
}

/**
 * The picture of a person of the actor's account (by user id; `null` is the actor), or their generated initials
 * when they have none. A person of another account answers 404, as one who does not exist.
 */
export async function avatarImage(ctx: AppContext, actor: Actor, userId: string | null): Promise<AvatarImage> {
  const [person] = await ctx.db
    .select({
      membershipId: memberships.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      version: avatars.version,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(avatars, eq(avatars.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, actor.accountId),
        eq(memberships.userId, userId ?? actor.userId),
        ne(memberships.status, 'deleted'),
      ),
    );
  if (!person) throw new AppError('NOT_FOUND');
  if (person.version !== null) {
    const [row] = await ctx.db
      .select({ content: avatars.content, mime: avatars.mime })
      .from(avatars)
      .where(and(eq(avatars.membershipId, person.membershipId), eq(avatars.accountId, actor.accountId)));
    if (row) return { mime: row.mime, content: row.content, etag: `"${person.membershipId}-${person.version}"` };
  }
  const svg = initialsSvg(person.fname, person.lname, person.email);
  const hash = createHash('sha1').update(svg).digest('base64url');
  return { mime: 'image/svg+xml', content: Buffer.from(svg), etag: `"i-${hash}"` };
}
