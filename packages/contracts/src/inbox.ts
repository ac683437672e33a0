import { z } from 'zod';
import { CalendarDate } from './inputs';
import { SwapBreak } from './swaps';

/** What waits on a planner, manager or supervisor: the kinds of the inbox (docs/product/inbox.md). */
export const INBOX_KINDS = ['application', 'signOut', 'swap', 'vacation', 'hours'] as const;
export const InboxKind = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof InboxKind>;

/** Ours: at most this many entries of each kind are listed (the counts stay exact). */
export const INBOX_ENTRIES_MAX = 200;

export const InboxQuery = z.object({
  /** One planning only; its people's vacation requests. */
  location: z.string().uuid().optional(),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

const Times = z.object({ from: z.string().nullable(), until: z.string().nullable() });

export const InboxEntry = z.object({
  kind: InboxKind,
  /** Unique within the list: the application's, item's, request's or line's id. */
  id: z.string(),
  /** The roster item (applications, sign-outs, hours of a planned item). */
  item: z.string().nullable(),
  /** The vacation request or the line of hours the decision goes to. */
  target: z.string().nullable(),
  person: z.object({ id: z.string(), name: z.string().nullable() }),
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
  duty: z.string().nullable(),
  date: CalendarDate,
  /** A vacation request's last day. */
  until: CalendarDate.nullable(),
  /** The planned times of the item (applications, sign-outs, hours of a planned item). */
  planned: Times.nullable(),
  /** Registered hours: the times and worked minutes the member registered. */
  registered: Times.extend({ minutes: z.number().int() }).nullable(),
  /** A vacation request: the days it counts, and its part of the day. */
  days: z.number().nullable(),
  duration: z.string().nullable(),
  /**
   * A swap waiting for a planner (docs/product/swaps.md): `person` took the duty from `from`; a swap gives `wanted`
   * in return; `breaks` names the rules it breaks (none: the account asks planners to decide every swap).
   */
  swap: z
    .object({
      from: z.object({ id: z.string(), name: z.string().nullable() }),
      breaks: z.array(SwapBreak),
      wanted: z.object({ date: CalendarDate, duty: z.string().nullable() }).nullable(),
    })
    .nullable(),
  /** What this member may answer here (the rules of the roster, vacation and hours). */
  can: z.object({ accept: z.boolean(), deny: z.boolean() }),
});
export type InboxEntry = z.infer<typeof InboxEntry>;

export const InboxCounts = z.object({
  application: z.number().int(),
  signOut: z.number().int(),
  swap: z.number().int(),
  vacation: z.number().int(),
  hours: z.number().int(),
  total: z.number().int(),
});
export type InboxCounts = z.infer<typeof InboxCounts>;

export const InboxResponse = z.object({
  /** The kinds this member answers, in the list's order. */
  kinds: z.array(InboxKind),
  entries: z.array(InboxEntry),
  counts: InboxCounts,
  /** The plannings the filter offers. */
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type InboxResponse = z.infer<typeof InboxResponse>;
