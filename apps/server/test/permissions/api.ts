/** Tokens and webhooks for the permission table (docs/product/api.md): fresh rows written straight into the tables. */
import { now } from '@app/domain';
import { apiTokens, webhookEndpoints } from '../../src/db/schema';
import { newTokenSecret } from '../../src/platform/api-tokens';
import type { Fixture } from './fixture';

let serial = 0;

/** A fresh personal token of the member (the table's own), or of Corner Store's member. */
export async function tokenOf(fx: Fixture, membershipId: string, accountId = fx.bistro.id): Promise<string> {
  const { hash, prefix } = newTokenSecret();
  const [row] = await fx.t.database.db
    .insert(apiTokens)
    .values({
      accountId,
      membershipId,
      kind: 'personal',
      name: `Token ${serial++}`,
      scopes: ['roster.read'],
      tokenHash: hash,
      prefix,
      expiresAt: new Date(now().getTime() + 86_400_000),
      createdAt: now(),
    })
    .returning({ id: apiTokens.id });
  return row.id;
}

/**
 * A fresh webhook endpoint of the account. Its test delivery goes nowhere: the table proves who may press the button,
 * not the network (domains/api/api.test.ts sends real ones).
 */
export async function webhookOf(fx: Fixture, accountId = fx.bistro.id): Promise<string> {
  const allows = fx.t.ctx.webhooks.allows;
  fx.t.ctx.webhooks = { allows, post: async () => 204 };
  const [row] = await fx.t.database.db
    .insert(webhookEndpoints)
    .values({
      accountId,
      url: 'https://hooks.example.com/rosterly',
      events: ['roster.released'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      createdAt: now(),
    })
    .returning({ id: webhookEndpoints.id });
  return row.id;
}

export const webhookBody = {
  url: 'https://hooks.example.com/rosterly',
  description: 'Payroll',
  events: ['roster.released'],
};
