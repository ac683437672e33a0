import { CODE_TTL_MS } from '@app/contracts';
import { now as clockNow } from '@app/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { authCodes } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/tokens';

export type CodeKind = keyof typeof CODE_TTL_MS;
export type AuthCode = typeof authCodes.$inferSelect;

/** Issues a single-use code; only its hash is stored. Earlier unused codes of the same kind stop working. */
export async function issueCode(
  db: Tx,
  input: { kind: CodeKind; userId: string; accountId?: string | null; membershipId?: string | null },
  now = clockNow(),
): Promise<string> {
  const code = randomToken(24);
  await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.userId, input.userId), eq(authCodes.kind, input.kind), isNull(authCodes.usedAt)));
  await db.insert(authCodes).values({
    codeHash: sha256(code),
    kind: input.kind,
    userId: input.userId,
    accountId: input.accountId ?? null,
    membershipId: input.membershipId ?? null,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS[input.kind]),
  });
  return code;
}

/** The live code of that kind, or the failure the code pages show: invalid, expired or used. */
export async function inspectCode(db: DbOrTx, code: string, kind?: CodeKind, now = clockNow()): Promise<AuthCode> {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(eq(authCodes.codeHash, sha256(code)));
  if (!row || (kind && row.kind !== kind)) throw new AppError('CODE_INVALID');
  if (row.usedAt) throw new AppError('CODE_USED');
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('CODE_EXPIRED');
  return row;
}

/** Marks the code used; exactly one caller wins when two race. */
export async function consumeCode(db: Tx, code: string, kind: CodeKind, now = clockNow()): Promise<AuthCode> {
  const row = await inspectCode(db, code, kind, now);
  const used = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.id, row.id), isNull(authCodes.usedAt)))
    .returning({ id: authCodes.id });
  if (used.length === 0) throw new AppError('CODE_USED');
  return row;
}
