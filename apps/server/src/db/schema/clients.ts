import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { locations } from './catalog';

/** A client the company works for and invoices (docs/product/clients.md). */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number'),
    invoiceEmail: text('invoice_email'),
    chamberOfCommerce: text('chamber_of_commerce'),
    vatNumber: text('vat_number'),
    /** weekly, monthly, 4weeks or manual */
    invoiceInterval: text('invoice_interval').notNull().default('monthly'),
    contacts: jsonb('contacts')
      .$type<{ name: string; role: string | null; email: string | null; phone: string | null }[]>()
      .notNull()
      .default([]),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clients_account_idx').on(t.accountId)],
);

/**
 * A project of a client at one planning: a weekly schedule (shift lines with the people each needs) repeated by an
 * RRULE from its start; its occurrences are open roster items linked back here (`roster_items.project_id`).
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code'),
    budgetCents: integer('budget_cents'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** ongoing or temporary */
    type: text('type').notNull().default('ongoing'),
    schedule: jsonb('schedule')
      .$type<
        {
          from: string;
          until: string;
          break: number;
          people: number;
          dutyId: string | null;
          resourceId?: string | null;
        }[]
      >()
      .notNull(),
    rrule: text('rrule').notNull(),
    travelAllowanceCents: integer('travel_allowance_cents'),
    applyPremiums: boolean('apply_premiums').notNull().default(true),
    overrideRateCents: integer('override_rate_cents'),
    /** Its shifts ride together: of a shift's people with a vehicle the first drives, the others ride along. */
    travelRoles: boolean('travel_roles').notNull().default(false),
    /** Open duties exist up to this date (the fill job moves it on). */
    filledUntil: date('filled_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_account_idx').on(t.accountId), index('projects_client_idx').on(t.clientId)],
);
