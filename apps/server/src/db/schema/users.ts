import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** A person who can sign in; one user may hold memberships in several accounts. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    fname: text('fname').notNull().default(''),
    lname: text('lname').notNull().default(''),
    locale: text('locale').notNull().default('en'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    superUser: boolean('super_user').notNull().default(false),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last TOTP time step accepted: each code works once. */
    totpLastStep: integer('totp_last_step'),
    lastAccountId: uuid('last_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** A user's place in an account: roles, rights, profile and preferences. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** active, inactive, deleted */
    status: text('status').notNull().default('active'),
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    rights: text('rights').array().notNull().default(sql`'{}'::text[]`),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** Login access: yes, no, other. */
    access: text('access').notNull().default('yes'),
    locked: boolean('locked').notNull().default(false),
    salutation: text('salutation'),
    title: text('title'),
    phone: text('phone'),
    mobile: text('mobile'),
    emergencyNumber: text('emergency_number'),
    address: text('address'),
    zip: text('zip'),
    city: text('city'),
    country: text('country'),
    birthday: date('birthday'),
    employeeNumber: text('employee_number'),
    vatId: text('vat_id'),
    about: text('about'),
    internalNotes: text('internal_notes'),
    internalNotesVisible: boolean('internal_notes_visible').notNull().default(false),
    hireDate: date('hire_date'),
    endDate: date('end_date'),
    iban: text('iban'),
    bic: text('bic'),
    /** fixed or hourly */
    salaryKind: text('salary_kind'),
    rateCents: integer('rate_cents'),
    /** Menu and rule flags. */
    availabilityFlag: boolean('availability_flag').notNull().default(true),
    balanceFlag: boolean('balance_flag').notNull().default(false),
    managerLimited: boolean('manager_limited').notNull().default(false),
    plannerRestricted: boolean('planner_restricted').notNull().default(false),
    checkedIn: boolean('checked_in').notNull().default(false),
    /** The member's guided tour is still to be shown (docs/product/account-access.md): new members start with it. */
    onboarding: boolean('onboarding').notNull().default(true),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_account_user_key').on(t.accountId, t.userId),
    // The balances list: the account's members with a balance.
    index('memberships_balance_idx').on(t.accountId).where(sql`${t.balanceFlag}`),
  ],
);
