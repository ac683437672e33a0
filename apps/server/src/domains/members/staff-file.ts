import type { ProfileTemplate, ProfileValue } from '@app/contracts';
import { DEFAULT_PROFILE_TEMPLATE, type ProfileViewer, profileMissing } from '@app/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type memberships, profileTemplates, profileValues, uploads } from '../../db/schema';

/**
 * The staff file as stored for the members (docs/product/profiles.md): the account's template, which template keys
 * live in the member's own columns, a member's answers as a viewer reads them, and how many fields the employer
 * must still see filled. The profiles domain reads and writes files with these; the team counts with them.
 */

/** Template keys kept in the member's own columns; other fields keep their answers in `profile_values`. */
const MEMBER_COLUMNS = {
  birthday: 'birthday',
  phone: 'phone',
  mobile: 'mobile',
  address: 'address',
  zip: 'zip',
  city: 'city',
  country: 'country',
  employee_number: 'employeeNumber',
  iban: 'iban',
  about: 'about',
  title: 'title',
} as const satisfies Record<string, keyof typeof memberships.$inferSelect>;
export type MemberColumn = (typeof MEMBER_COLUMNS)[keyof typeof MEMBER_COLUMNS];
const USER_COLUMNS = { fname: 'fname', lname: 'lname', email: 'email' } as const;

export const columnOf = (key: string | null): MemberColumn | null =>
  key !== null && key in MEMBER_COLUMNS ? MEMBER_COLUMNS[key as keyof typeof MEMBER_COLUMNS] : null;
const userColumnOf = (key: string | null) =>
  key !== null && key in USER_COLUMNS ? USER_COLUMNS[key as keyof typeof USER_COLUMNS] : null;

export async function templateOf(db: DbOrTx, accountId: string): Promise<ProfileTemplate> {
  const [row] = await db.select().from(profileTemplates).where(eq(profileTemplates.accountId, accountId));
  return row?.template ?? DEFAULT_PROFILE_TEMPLATE;
}

/**
 * A member's answers by field id as this viewer reads them: mapped fields from the member's and the person's own
 * columns, the rest from the stored answers. What the member may not read is left out for them.
 */
export function profileValuesOf(
  template: ProfileTemplate,
  viewer: ProfileViewer,
  m: Pick<typeof memberships.$inferSelect, MemberColumn>,
  user: { fname: string; lname: string; email: string },
  stored: Record<string, ProfileValue>,
): Record<string, ProfileValue | null> {
  const values: Record<string, ProfileValue | null> = {};
  for (const section of template.sections)
    for (const field of section.fields) {
      if (viewer === 'employee' && (section.hidden || !field.rights.read)) continue;
      const column = columnOf(field.key);
      const userColumn = userColumnOf(field.key);
      values[field.id] = column ? (m[column] ?? null) : userColumn ? user[userColumn] : (stored[field.id] ?? null);
    }
  return values;
}

/**
 * How many fields each member still lacks that the employer must see filled (the manager's view): the rules are the
 * domain's `profileMissing`; the answers of the whole account are read at once, so the team list counts hundreds of
 * people with one query.
 */
export async function missingCounts(
  db: DbOrTx,
  accountId: string,
  members: readonly {
    membership: typeof memberships.$inferSelect;
    user: { fname: string; lname: string; email: string };
  }[],
): Promise<Map<string, number>> {
  const template = await templateOf(db, accountId);
  const rows = await db
    .select({ id: profileValues.membershipId, values: profileValues.values })
    .from(profileValues)
    .where(eq(profileValues.accountId, accountId));
  const stored = new Map(rows.map((r) => [r.id, r.values]));
  // A required upload counts once a file is there: the account's files per member and field, in one query.
  const files = await db
    .select({ id: uploads.membershipId, key: uploads.key, n: count() })
    .from(uploads)
    .where(and(eq(uploads.accountId, accountId), isNull(uploads.dossierEntryId)))
    .groupBy(uploads.membershipId, uploads.key);
  const uploaded = new Map<string, Record<string, number>>();
  for (const f of files) uploaded.set(f.id, { ...(uploaded.get(f.id) ?? {}), [f.key]: f.n });
  const out = new Map<string, number>();
  for (const { membership: m, user } of members) {
    const values = profileValuesOf(template, 'employer', m, user, stored.get(m.id) ?? {});
    const missing = profileMissing(template, {
      viewer: 'employer',
      values,
      uploads: uploaded.get(m.id) ?? {},
      locked: m.locked,
      mayEdit: true,
    });
    out.set(m.id, missing.length);
  }
  return out;
}
