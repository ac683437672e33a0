import { now } from '@app/domain';
import { inArray } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { loggableError } from '../../platform/log-safe';

/**
 * How old a kept file must be before the sweep may take it for a stray: far longer than any command holds its
 * transaction (an object is written to S3 before its row commits), so a file whose row is on its way is never taken.
 */
export const STRAY_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * The sweep for strays (docs/product/documents.md, "Storage"): bytes the store keeps that no upload row names any
 * more, older than the grace. A rollback takes back what its command put in S3, and a deletion removes its object
 * after the commit; a server that died between the two leaves one behind, and so does an account removed with its
 * rows. Each page of the store's listing is checked against the rows at once, and a stray's removal that fails is
 * logged and tried again by the next sweep. Answers how many were removed.
 */
export async function sweepStrayFiles(ctx: AppContext, at: Date = now()): Promise<number> {
  const before = new Date(at.getTime() - STRAY_GRACE_MS);
  let removed = 0;
  for await (const page of ctx.files.list(ctx.owner, before)) {
    const rows = await ctx.owner
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        inArray(
          uploads.id,
          page.map((f) => f.id),
        ),
      );
    const kept = new Set(rows.map((r) => r.id.toLowerCase()));
    for (const file of page) {
      if (kept.has(file.id.toLowerCase())) continue;
      try {
        await ctx.files.remove(ctx.owner, file);
        removed++;
      } catch (error) {
        ctx.log.warn({ err: loggableError(error), upload: file.id }, 'a stray file could not be removed');
      }
    }
  }
  if (removed > 0) ctx.log.info({ removed }, 'stray files removed');
  return removed;
}
