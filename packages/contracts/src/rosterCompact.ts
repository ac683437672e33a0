import { z } from 'zod';
import { RideRole } from './resources';
import { HHmm, ItemApplication, ItemFlag, type RosterItem, RosterResponse } from './roster';

/**
 * The compact form of a roster's answer (`GET /api/items?scope=planning&compact=1`), which the web asks for: a month
 * of a big location is thousands of items, and as objects they are 2.8 MB of JSON, mostly the same keys, the same
 * four ids per item and the same empty fields. Here an item is one array, its people, duty and shift are indexes
 * into `refs`, its date an index into `days`, and only the fields an item does not have as usual travel with it.
 * `compactRoster` and `expandRoster` turn one form into the other exactly (a property test checks it).
 */
const Ref = z.number().int().nonnegative().nullable();
/** The fields most items have as below; an item that differs carries them. */
const CompactExtra = z
  .object({
    assigned: z.boolean(),
    tags: z.array(z.string()),
    notes: z.string().nullable(),
    internal: z.string().nullable(),
    flag: ItemFlag.nullable(),
    conflicts: z.array(z.string()).nullable(),
    hour: z
      .object({ billable: z.number().int(), cost: z.number().int().nullable(), code: z.string().nullable() })
      .nullable(),
    resource: z.string().nullable(),
    travelRole: RideRole.nullable(),
    project: z.string().nullable(),
    applications: z.array(ItemApplication),
    pending: z.boolean(),
  })
  .partial();
export type CompactExtra = z.infer<typeof CompactExtra>;

/** [id, day index, user, duty, shift, from, until, break, worked minutes, extra?] */
export const CompactItem = z.tuple([
  z.string(),
  z.number().int().nonnegative(),
  Ref,
  Ref,
  Ref,
  HHmm.nullable(),
  HHmm.nullable(),
  z.number().int(),
  z.number().int().nullable(),
  CompactExtra.optional(),
]);
export type CompactItem = z.infer<typeof CompactItem>;

export const RosterCompactResponse = RosterResponse.omit({ items: true }).extend({
  /** The location the items belong to. */
  location: z.string(),
  /** The ids the items name by index: people, duties and shifts. */
  refs: z.array(z.string()),
  items: z.array(CompactItem),
});
export type RosterCompactResponse = z.infer<typeof RosterCompactResponse>;

/** What an item has unless it says otherwise. */
function usual(item: Pick<RosterItem, 'user'>): Required<CompactExtra> {
  return {
    assigned: item.user !== null,
    tags: [],
    notes: null,
    internal: null,
    flag: null,
    conflicts: null,
    hour: null,
    resource: null,
    travelRole: null,
    project: null,
    applications: [],
    pending: false,
  };
}

/** The fields in which an item differs from the usual, or undefined (field by field: this runs per item). */
function extraOf(item: RosterItem): CompactExtra | undefined {
  let extra: CompactExtra | undefined;
  if (item.assigned !== (item.user !== null)) extra = { ...extra, assigned: item.assigned };
  if (item.tags.length > 0) extra = { ...extra, tags: item.tags };
  if (item.notes !== null) extra = { ...extra, notes: item.notes };
  if (item.internal !== null) extra = { ...extra, internal: item.internal };
  if (item.flag !== null) extra = { ...extra, flag: item.flag };
  if (item.conflicts !== null) extra = { ...extra, conflicts: item.conflicts };
  if (item.hour !== null) extra = { ...extra, hour: item.hour };
  if (item.resource !== null) extra = { ...extra, resource: item.resource };
  if (item.travelRole !== null) extra = { ...extra, travelRole: item.travelRole };
  if (item.project !== null) extra = { ...extra, project: item.project };
  if (item.applications.length > 0) extra = { ...extra, applications: item.applications };
  if (item.pending) extra = { ...extra, pending: true };
  return extra;
}

/**
 * The ids an answer's items name (people, duties, shifts), each once, numbered in the order the items first name
 * them: `ref` answers an id's number. The server builds its compact items with it straight from the rows.
 */
export class CompactRefs {
  readonly refs: string[] = [];
  readonly #index = new Map<string, number>();

  ref(id: string | null): number | null {
    if (id === null) return null;
    let i = this.#index.get(id);
    if (i === undefined) {
      i = this.refs.push(id) - 1;
      this.#index.set(id, i);
    }
    return i;
  }
}

/** The roster's answer in its compact form, for one location. */
export function compactRoster(roster: RosterResponse, location: string): RosterCompactResponse {
  const { items, ...rest } = roster;
  const refs = new CompactRefs();
  const dayIndex = new Map(roster.days.map((d, i) => [d.date, i]));
  const out = items.map((item): CompactItem => {
    const day = dayIndex.get(item.date);
    if (day === undefined || item.location !== location) throw new Error(`item ${item.id} lies outside the answer`);
    const tuple: CompactItem = [
      item.id,
      day,
      refs.ref(item.user),
      refs.ref(item.duty),
      refs.ref(item.shift),
      item.times?.from ?? null,
      item.times?.until ?? null,
      item.times?.break ?? 0,
      item.stats?.minutes ?? null,
    ];
    const extra = extraOf(item);
    if (extra) tuple.push(extra);
    return tuple;
  });
  return { ...rest, location, refs: refs.refs, items: out };
}

/** The compact answer back in the full form the roster works with. */
export function expandRoster(compact: RosterCompactResponse): RosterResponse {
  const { items, refs, location, ...rest } = compact;
  const at = (i: number | null) => (i === null ? null : (refs[i] ?? null));
  return {
    ...rest,
    items: items.map(([id, day, user, duty, shift, from, until, brk, minutes, extra]) => {
      const userId = at(user);
      return {
        id,
        date: compact.days[day]?.date ?? '',
        location,
        user: userId,
        duty: at(duty),
        shift: at(shift),
        times: from !== null && until !== null ? { from, until, break: brk } : null,
        stats: minutes === null ? null : { minutes },
        ...usual({ user: userId }),
        ...extra,
      };
    }),
  };
}
