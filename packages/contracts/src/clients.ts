import { z } from 'zod';
import { ShiftTime } from './catalog';
import { CalendarDate, email, line, name } from './inputs';
import { IsoDate } from './roster';

/**
 * Clients and their projects (docs/product/clients.md): whom the company works for, what it invoices them, and the
 * repeating work (a project's weekly schedule and recurrence) that fills the roster with open duties.
 */

export const INVOICE_INTERVALS = ['weekly', 'monthly', '4weeks', 'manual'] as const;
export const InvoiceInterval = z.enum(INVOICE_INTERVALS);
export type InvoiceInterval = z.infer<typeof InvoiceInterval>;

/** Ongoing projects keep this many days ahead filled with open duties (a job tops them up daily). */
export const PROJECT_HORIZON_DAYS = 365;
/** At most this many people per shift line and shift lines per project. */
export const PROJECT_PEOPLE_MAX = 50;
export const PROJECT_LINES_MAX = 10;
/** Every N: at most this many days, weeks, months or years between occurrences. */
export const RECURRENCE_INTERVAL_MAX = 52;
export const CLIENT_CONTACTS_MAX = 20;

const Id = z.uuid();
const Text = (max: number) => line(max).nullable();
const Cents = z.number().int().min(0).max(2_147_483_647);

export const ClientIdParams = z.object({ id: Id });

export const ClientContact = z.object({
  name: name(),
  role: Text(100),
  email: email().nullable(),
  phone: Text(40),
});
export type ClientContact = z.infer<typeof ClientContact>;

const ClientFields = z.object({
  name: name(),
  number: Text(50),
  invoiceEmail: email().nullable(),
  chamberOfCommerce: Text(50),
  /** Checked for its country's form (the prefix names the country). */
  vatNumber: Text(30),
  invoiceInterval: InvoiceInterval,
  contacts: z.array(ClientContact).max(CLIENT_CONTACTS_MAX),
  archived: z.boolean(),
});

export const ClientCreate = ClientFields.partial().extend({ name: name() });
export type ClientCreate = z.infer<typeof ClientCreate>;
export const ClientUpdate = ClientFields.partial();
export type ClientUpdate = z.infer<typeof ClientUpdate>;

export const ClientSummary = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  invoiceInterval: InvoiceInterval,
  archived: z.boolean(),
  projectCount: z.number().int(),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

export const ClientsResponse = z.object({ clients: z.array(ClientSummary) });
export type ClientsResponse = z.infer<typeof ClientsResponse>;

export const ClientsQuery = z.object({
  q: line(100).optional(),
  archived: z.enum(['true', 'false']).optional(),
});
export type ClientsQuery = z.infer<typeof ClientsQuery>;

const Owned = z.object({ id: z.string(), name: z.string() });

export const Client = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
  chamberOfCommerce: z.string().nullable(),
  vatNumber: z.string().nullable(),
  invoiceInterval: InvoiceInterval,
  contacts: z.array(ClientContact),
  archived: z.boolean(),
  /** The plannings (locations) that belong to the client. */
  locations: z.array(Owned),
  projects: z.array(Owned),
});
export type Client = z.infer<typeof Client>;

// Projects

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly', 'once'] as const;
export const RecurrenceFrequency = z.enum(RECURRENCE_FREQUENCIES);
export type RecurrenceFrequency = z.infer<typeof RecurrenceFrequency>;

export const RECURRENCE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const RecurrenceDay = z.enum(RECURRENCE_DAYS);
export type RecurrenceDay = z.infer<typeof RecurrenceDay>;

/** First to fourth, or last (-1). */
export const RECURRENCE_POSITIONS = [1, 2, 3, 4, -1] as const;

/**
 * How a project repeats, as the form edits it; stored as an RRULE. Weekly: on `weekdays`. Monthly and yearly: on
 * the start date's day, or with `position` on the first to fourth or last `weekdays[0]` (the last day of the month
 * when no weekday is given).
 */
export const Recurrence = z.object({
  frequency: RecurrenceFrequency,
  interval: z.number().int().min(1).max(RECURRENCE_INTERVAL_MAX),
  weekdays: z.array(RecurrenceDay).max(7),
  position: z.literal([...RECURRENCE_POSITIONS]).nullable(),
});
export type Recurrence = z.infer<typeof Recurrence>;

export const PROJECT_TYPES = ['ongoing', 'temporary'] as const;
export const ProjectType = z.enum(PROJECT_TYPES);
export type ProjectType = z.infer<typeof ProjectType>;

/** One shift of the project's schedule: its times and how many people it needs on each occurrence. */
export const ScheduleLine = z.object({
  from: ShiftTime,
  until: ShiftTime,
  break: z.number().int().min(0).max(120),
  people: z.number().int().min(1).max(PROJECT_PEOPLE_MAX),
  dutyId: Id.nullable(),
  /** The vehicle (or equipment) the line's duties carry; null or absent: none. */
  resourceId: Id.nullable().optional(),
});
export type ScheduleLine = z.infer<typeof ScheduleLine>;

const ProjectFields = z.object({
  name: name(),
  code: Text(50),
  clientId: Id,
  locationId: Id,
  budgetCents: Cents.nullable(),
  startDate: CalendarDate,
  endDate: CalendarDate.nullable(),
  type: ProjectType,
  schedule: z.array(ScheduleLine).min(1).max(PROJECT_LINES_MAX),
  recurrence: Recurrence,
  travelAllowanceCents: Cents.nullable(),
  applyPremiums: z.boolean(),
  overrideRateCents: Cents.nullable(),
  /** Drivers and passengers: of a line's people with a vehicle, the first drives and the others ride along. */
  travelRoles: z.boolean(),
});

export const ProjectCreate = ProjectFields.partial().extend({
  name: name(),
  clientId: Id,
  locationId: Id,
  startDate: CalendarDate,
  schedule: ProjectFields.shape.schedule,
  recurrence: Recurrence,
});
export type ProjectCreate = z.infer<typeof ProjectCreate>;

/** Changes to a project; `confirmed` lets a schedule change touch duties already staffed (ERR_PROJECT_STAFFED). */
export const ProjectUpdate = ProjectFields.partial().extend({ confirmed: z.boolean().optional() });
export type ProjectUpdate = z.infer<typeof ProjectUpdate>;

export const Project = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  budgetCents: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  type: ProjectType,
  schedule: z.array(ScheduleLine),
  recurrence: Recurrence,
  /** The stored RRULE (RFC 5545) the recurrence stands for. */
  rrule: z.string(),
  travelAllowanceCents: z.number().int().nullable(),
  applyPremiums: z.boolean(),
  overrideRateCents: z.number().int().nullable(),
  travelRoles: z.boolean(),
  /** Open duties are on the roster up to this date. */
  filledUntil: z.string().nullable(),
  /** Duties on the roster from today on: needed and of those staffed. */
  upcoming: z.object({ needed: z.number().int(), staffed: z.number().int() }),
});
export type Project = z.infer<typeof Project>;

export const ProjectSummary = Project.pick({
  id: true,
  name: true,
  code: true,
  clientId: true,
  clientName: true,
  locationId: true,
  locationName: true,
  startDate: true,
  endDate: true,
  type: true,
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

export const ProjectsQuery = z.object({ clientId: Id.optional(), q: line(100).optional() });
export type ProjectsQuery = z.infer<typeof ProjectsQuery>;

export const ProjectsResponse = z.object({ projects: z.array(ProjectSummary) });
export type ProjectsResponse = z.infer<typeof ProjectsResponse>;

// Planning overview

/** At most this many days in one overview. */
export const PLANNING_OVERVIEW_MAX_DAYS = 366;

/**
 * The planning overview's period and client (`planning/overview/{client?}`): the month of `from` by default; `client`
 * one client's id, or `none` for the plannings without a client.
 */
export const PlanningOverviewQuery = z.object({
  client: z.union([z.uuid(), z.literal('none')]).optional(),
  from: CalendarDate.optional(),
  until: CalendarDate.optional(),
});
export type PlanningOverviewQuery = z.infer<typeof PlanningOverviewQuery>;

/** A planning or a project in the overview, over the period: duties needed and staffed, hours, budget and cost. */
export const PlanningOverviewRow = z.object({
  id: z.string(),
  name: z.string(),
  /** The planning (a project's planning, or the planning itself). */
  locationId: z.string(),
  /** Duties in the period (open or staffed). */
  needed: z.number().int(),
  /** Of those, the ones with a person. */
  staffed: z.number().int(),
  /** Planned working minutes of the duties. */
  minutes: z.number().int(),
  budgetCents: z.number().int().nullable(),
  /** The planned labour cost of the period's duties; only for those who read wages with the rates module. */
  costCents: z.number().int().nullable(),
  /** The first and last day with a duty in the period (a project's span on the timeline). */
  firstDate: IsoDate.nullable(),
  lastDate: IsoDate.nullable(),
});
export type PlanningOverviewRow = z.infer<typeof PlanningOverviewRow>;

export const PlanningOverviewClient = z.object({
  /** Null: the plannings without a client. */
  id: z.string().nullable(),
  name: z.string().nullable(),
  plannings: z.array(PlanningOverviewRow),
  projects: z.array(PlanningOverviewRow),
});
export type PlanningOverviewClient = z.infer<typeof PlanningOverviewClient>;

export const PlanningOverview = z.object({
  from: IsoDate,
  until: IsoDate,
  clients: z.array(PlanningOverviewClient),
});
export type PlanningOverview = z.infer<typeof PlanningOverview>;
