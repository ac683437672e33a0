import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { recordAccountActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';

/** How a super user's visit is named in the customer's log: by the super user's name and address. */
async function superUserLabel(db: DbOrTx, userId: string): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return '';
  const name = [user.fname, user.lname].filter(Boolean).join(' ');
  return name ? `${name} <${user.email}>` : user.email;
}

/** Writes a super user's visit (in, write access, out) into the visited account's activity log. */
export async function recordVisit(
  actor: Actor,
  accountId: string,
  action: 'enter' | 'write' | 'leave',
  /** The command's transaction: the visit is written with the change it belongs to. */
  db: Tx,
): Promise<void> {
  const superUser = await superUserLabel(db, actor.userId);
  await recordAccountActivity(db, accountId, {
    entity: 'superUser',
    entityId: null,
    action: `superUser.${action}`,
    after: { superUser },
  });
}
