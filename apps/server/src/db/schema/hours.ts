import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { costCentres, duties, locations } from './catalog';
import { freelancerInvoices } from './freelance';
import { clientInvoices } from './invoicing';
import { rosterItems } from './roster';
import { memberships } from './users';

/**
 * Registered hours (docs/product/hours.md): what a member worked on a day, on a planned item or without one.
 * Times are local minutes since midnight like the roster's (an end not after the start runs overnight). Status:
 * pending (submitted, changeable), approved (locked), denied (with the supervisor's message). `costCents` is the
 * line's cost when it was last saved (packages/domain hours/cost.ts). One item holds at most one line of hours.
 */
export const hours = pgTable(
  'hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => rosterItems.id, { onDelete: 'set null' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    dutyId: uuid('duty_id').references(() => duties.id, { onDelete: 'set null' }),
    date: date('date').notNull(),
    fromMinutes: integer('from_minutes').notNull(),
    untilMinutes: integer('until_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    /** Worked minutes (span on instants less the break). */
    minutes: integer('minutes').notNull(),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'restrict' }),
    comment: text('comment').notNull().default(''),
    /** pending, approved or denied */
    status: text('status').notNull().default('pending'),
    denialMessage: text('denial_message'),
    expensesCents: integer('expenses_cents'),
    travelKm: integer('travel_km'),
    /** driver or passenger */
    travelRole: text('travel_role'),
    /** The compensation per km when the travel was declared. */
    kmCompensationCents: integer('km_compensation_cents'),
    costCents: integer('cost_cents'),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    billed: boolean('billed').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
    /** The client invoice the hours are on (docs/product/invoicing.md): while set, the hours are locked. */
    clientInvoiceId: uuid('client_invoice_id').references(() => clientInvoices.id, { onDelete: 'set null' }),
    /** The freelancer's invoice these hours are on (docs/product/freelance.md): locked while it stands. */
    freelancerInvoiceId: uuid('freelancer_invoice_id').references(() => freelancerInvoices.id, {
      onDelete: 'set null',
    }),
    /** The drawn signature (PNG data URL) and who signed. */
    signature: text('signature'),
    signeeName: text('signee_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => memberships.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => memberships.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    deniedBy: uuid('denied_by').references(() => memberships.id, { onDelete: 'set null' }),
    deniedAt: timestamp('denied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('hours_item_key').on(t.itemId),
    index('hours_account_date_idx').on(t.accountId, t.date),
    index('hours_membership_date_idx').on(t.membershipId, t.date),
    index('hours_status_idx').on(t.accountId, t.status, t.date),
    // The balances' weekly sums: a page of members' approved hours (docs/architecture.md, "Paging").
    index('hours_membership_status_idx').on(t.membershipId, t.status, t.date),
    // The timesheet's tabs of one planning, and a supervisor's reach (their plannings).
    index('hours_location_status_idx').on(t.locationId, t.status, t.date),
    index('hours_client_invoice_idx').on(t.clientInvoiceId),
  ],
);
