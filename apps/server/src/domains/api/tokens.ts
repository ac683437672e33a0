import type { ApiScope, ApiToken, ApiTokenCreated, ApiTokensResponse, CreateApiTokenRequest } from '@app/contracts';
import { mayCreatePersonalTokens, mayManageIntegrations, now } from '@app/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { apiTokens, memberships, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { newTokenSecret } from '../../platform/api-tokens';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/**
 * Access tokens (docs/product/api.md): members with the right make personal tokens, owners make integration tokens
 * for the account. The secret is answered once; only its hash is kept. Revoking is immediate: the next call with the
 * token answers 401.
 */

type TokenRow = typeof apiTokens.$inferSelect;

const present = (row: TokenRow, owner: { fname: string; lname: string; email: string }): ApiToken => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiScope[],
  owner: [owner.fname, owner.lname].filter(Boolean).join(' ') || owner.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

async function tokensOf(ctx: AppContext, actor: Actor, kind: 'personal' | 'integration') {
  const rows = await ctx.db
    .select({ token: apiTokens, fname: users.fname, lname: users.lname, email: users.email })
    .from(apiTokens)
    .innerJoin(memberships, eq(memberships.id, apiTokens.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(apiTokens.accountId, actor.accountId),
        eq(apiTokens.kind, kind),
        isNull(apiTokens.revokedAt),
        kind === 'personal' ? eq(apiTokens.membershipId, actor.membershipId) : undefined,
      ),
    )
    .orderBy(asc(apiTokens.createdAt));
  return rows.map((r) => present(r.token, r));
}

/** The member's own personal tokens, and the account's integration tokens for owners. */
export async function listTokens(ctx: AppContext, actor: Actor): Promise<ApiTokensResponse> {
  const personal = mayCreatePersonalTokens(actor);
  const integration = mayManageIntegrations(actor);
  requireAllowed(personal || integration);
  return {
    personal: personal ? await tokensOf(ctx, actor, 'personal') : [],
    integration: integration ? await tokensOf(ctx, actor, 'integration') : [],
  };
}

export async function createToken(
  ctx: AppContext,
  actor: Actor,
  input: CreateApiTokenRequest,
): Promise<ApiTokenCreated> {
  requireAllowed(input.kind === 'personal' ? mayCreatePersonalTokens(actor) : mayManageIntegrations(actor));
  // A super user's visit acts as the owner: a token would outlive the visit in the owner's name.
  requireAllowed(!actor.shadow);
  const { secret, hash, prefix } = newTokenSecret();
  const at = now();
  return runCommand(ctx, actor, async ({ tx }) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        accountId: actor.accountId,
        membershipId: actor.membershipId,
        kind: input.kind,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        tokenHash: hash,
        prefix,
        expiresAt: new Date(at.getTime() + input.expiresInDays * 86_400_000),
        createdAt: at,
      })
      .returning();
    await recordActivity(tx, actor, {
      entity: 'apiToken',
      entityId: row.id,
      action: 'create',
      after: { kind: row.kind, name: row.name, scopes: row.scopes, expiresAt: row.expiresAt },
    });
    const [me] = await tx
      .select({ fname: users.fname, lname: users.lname, email: users.email })
      .from(users)
      .where(eq(users.id, actor.userId));
    return { token: present(row, me), secret };
  });
}

/**
 * Revokes a token: the member's own personal one, or, for owners, any token of the account. Someone else's personal
 * token is not found for the rest (they cannot see it).
 */
export async function revokeToken(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async ({ tx }) => {
    const [row] = await tx
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.accountId, actor.accountId), isNull(apiTokens.revokedAt)))
      .for('update');
    const owner = mayManageIntegrations(actor);
    if (!row || (!owner && (row.kind !== 'personal' || row.membershipId !== actor.membershipId))) {
      throw new AppError('NOT_FOUND');
    }
    requireAllowed(owner || mayCreatePersonalTokens(actor));
    await tx.update(apiTokens).set({ revokedAt: now() }).where(eq(apiTokens.id, id));
    await recordActivity(tx, actor, { entity: 'apiToken', entityId: id, action: 'revoke' });
  });
}
