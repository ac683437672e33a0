import { profileMissing } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type memberships, profileValues } from '../../db/schema';
import { profileValuesOf, templateOf } from './service';

type MemberRow = typeof memberships.$inferSelect;

/**
 * How many fields each member still lacks that the employer must see filled (docs/product/profiles.md, the
 * manager's view): the rules are the domain's `profileMissing`; the answers of the whole account are read at once,
 * so the team list counts hundreds of people with one query.
 */
export async function missingCounts(
  db: DbOrTx,
  accountId: string,
  members: readonly { membership: MemberRow; user: { fname: string; lname: string; email: string } }[],
): Promise<Map<string, number>> {
  const template = await templateOf(db, accountId);
  const rows = await db
    .select({ id: profileValues.membershipId, values: profileValues.values })
    .from(profileValues)
    .where(eq(profileValues.accountId, accountId));
  const stored = new Map(rows.map((r) => [r.id, r.values]));
  const out = new Map<string, number>();
  for (const { membership: m, user } of members) {
    const values = profileValuesOf(template, 'employer', m, user, stored.get(m.id) ?? {});
    const missing = profileMissing(template, {
      viewer: 'employer',
      values,
      uploads: {},
      locked: m.locked,
      mayEdit: true,
    });
    out.set(m.id, missing.length);
  }
  return out;
}
