import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  contractTemplates,
  costCentres,
  duties,
  locations,
  memberships,
  premiums,
  rates,
  shifts,
  tags,
  users,
} from '../../db/schema';

/** The fields of logged rows that name another thing by its id, by the table the id belongs to. */
const REFERENCES = {
  people: ['membershipId', 'membership', 'user', 'createdBy', 'approvedBy', 'deniedBy', 'decidedBy', 'reportedBy'],
  duties: ['dutyId', 'duty'],
  shifts: ['shiftId', 'shift'],
  locations: ['locationId', 'location'],
  costCentres: ['costCentreId', 'costCentre'],
  tags: ['tagIds', 'tags', 'tagId'],
  rates: ['rateId'],
  templates: ['templateId'],
  premiums: ['premiumId'],
} as const;
type Kind = keyof typeof REFERENCES;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND_OF_FIELD = new Map<string, Kind>(
  (Object.entries(REFERENCES) as [Kind, readonly string[]][]).flatMap(([kind, fields]) =>
    fields.map((f) => [f, kind] as const),
  ),
);

/** The ids the rows before and after a change name, by kind. */
export function referencedIds(rows: unknown[]): Map<Kind, Set<string>> {
  const out = new Map<Kind, Set<string>>();
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    for (const [field, value] of Object.entries(row)) {
      const kind = KIND_OF_FIELD.get(field);
      if (!kind) continue;
      for (const v of Array.isArray(value) ? value : [value]) {
        if (typeof v !== 'string' || !UUID.test(v)) continue;
        const set = out.get(kind) ?? new Set<string>();
        set.add(v);
        out.set(kind, set);
      }
    }
  }
  return out;
}

/**
 * The names of the people, duties, shifts, plannings, cost centres, tags, rates, templates and premiums a page of the
 * log refers to, so the reader sees "Bar" instead of an id. Only this account's things: another account's id stays
 * unnamed.
 */
export async function namesOf(db: DbOrTx, accountId: string, rows: unknown[]): Promise<Record<string, string>> {
  const ids = referencedIds(rows);
  const list = (kind: Kind) => [...(ids.get(kind) ?? [])];
  const byName = async <T extends { id: string; name: string }>(kind: Kind, read: (ids: string[]) => Promise<T[]>) =>
    list(kind).length ? read(list(kind)) : [];
  const found = await Promise.all([
    byName('people', async (some) =>
      (
        await db
          .select({ id: memberships.id, fname: users.fname, lname: users.lname, email: users.email })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, some)))
      ).map((p) => ({ id: p.id, name: [p.fname, p.lname].filter(Boolean).join(' ') || p.email })),
    ),
    byName('duties', (some) =>
      db
        .select({ id: duties.id, name: duties.name })
        .from(duties)
        .where(and(eq(duties.accountId, accountId), inArray(duties.id, some))),
    ),
    byName('shifts', (some) =>
      db
        .select({ id: shifts.id, name: shifts.name })
        .from(shifts)
        .where(and(eq(shifts.accountId, accountId), inArray(shifts.id, some))),
    ),
    byName('locations', (some) =>
      db
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(and(eq(locations.accountId, accountId), inArray(locations.id, some))),
    ),
    byName('costCentres', (some) =>
      db
        .select({ id: costCentres.id, name: costCentres.name })
        .from(costCentres)
        .where(and(eq(costCentres.accountId, accountId), inArray(costCentres.id, some))),
    ),
    byName('tags', (some) =>
      db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.accountId, accountId), inArray(tags.id, some))),
    ),
    byName('rates', (some) =>
      db
        .select({ id: rates.id, name: rates.name })
        .from(rates)
        .where(and(eq(rates.accountId, accountId), inArray(rates.id, some))),
    ),
    byName('templates', (some) =>
      db
        .select({ id: contractTemplates.id, name: contractTemplates.name })
        .from(contractTemplates)
        .where(and(eq(contractTemplates.accountId, accountId), inArray(contractTemplates.id, some))),
    ),
    byName('premiums', (some) =>
      db
        .select({ id: premiums.id, name: premiums.name })
        .from(premiums)
        .where(and(eq(premiums.accountId, accountId), inArray(premiums.id, some))),
    ),
  ]);
  return Object.fromEntries(found.flat().map((f) => [f.id, f.name]));
}
