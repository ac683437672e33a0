import { z } from 'zod';
import { Email } from './auth';
import { MAX_CENTS } from './catalog';
import { NAME_MAX_LENGTH } from './constants';
import { ACCESS_KINDS, Locale, Right, ROLES, Role } from './enums';
import { CalendarDate, line, matching, name, text } from './inputs';

/**
 * The team: the list, the employee page, invitations and contracts (docs/product/members.md).
 * Field messages are catalog keys the web words.
 */

const Id = z.uuid();
const Ids = z.array(Id).max(1000);
const Line = (max: number) => line(max).nullable();

export const SALUTATIONS = ['mr', 'mrs', 'dr', 'prof', 'profDr'] as const;
export const Salutation = z.enum(SALUTATIONS);
export const AccessKind = z.enum(ACCESS_KINDS);
export const SALARY_KINDS = ['fixed', 'hourly'] as const;
export const SalaryKind = z.enum(SALARY_KINDS);
export const PLANNING_SCOPES = ['all', 'own', 'some'] as const;
export const PlanningScope = z.enum(PLANNING_SCOPES);
export const CONTRACT_TYPES = ['full', 'part', 'flex'] as const;
export const ContractType = z.enum(CONTRACT_TYPES);
export const CONTRACT_SCHEDULES = ['fixed', 'flexible'] as const;
export const ContractSchedule = z.enum(CONTRACT_SCHEDULES);
/** Where a member stands: active, inactive, or invited (no password set yet; expired when the link ran out). */
export const MEMBER_STATES = ['active', 'inactive', 'invited', 'expired'] as const;
export const MemberState = z.enum(MEMBER_STATES);
export type MemberState = z.infer<typeof MemberState>;

/** Roles that carry a warning before they are granted (docs/product/members.md). */
export const CONFIRM_ROLES = ['manager', 'accountant'] as const satisfies readonly Role[];

/** IBAN: two letters, two digits, up to 30 letters or digits (spaces allowed, stored without). */
const Iban = line(50)
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(matching(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'team.ibanInvalid'))
  .nullable();
const Bic = matching(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'team.bicInvalid', {
  trim: true,
  case: 'upper',
}).nullable();
const Phone = matching(/^[+0-9 ()/.-]*$/, 'team.phoneInvalid', { trim: true, max: 40 }).nullable();

// The list

export const MemberListItem = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  gravatar: z.string(),
  roles: z.array(Role),
  state: MemberState,
  access: AccessKind,
  employeeNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  hireDate: z.string().nullable(),
  locationIds: z.array(z.string()),
  dutyIds: z.array(z.string()),
  tagIds: z.array(z.string()),
  /** Weekly contract minutes of the contract running today, null without one. */
  contractMinutes: z.number().int().nullable(),
  invitedAt: z.string().nullable(),
  /** Fields of the staff file the employer must see filled and that are empty (docs/product/profiles.md). */
  profileMissing: z.number().int(),
});
export type MemberListItem = z.infer<typeof MemberListItem>;

export const MemberListResponse = z.object({
  members: z.array(MemberListItem),
  /** Active members (the invited included) against the plan's maximum (null: no maximum). */
  counts: z.object({
    active: z.number().int(),
    inactive: z.number().int(),
    invited: z.number().int(),
    max: z.number().int().nullable(),
  }),
});
export type MemberListResponse = z.infer<typeof MemberListResponse>;

// The employee page

/** Personal data, job, login access, contact, salary and bank details: one form, one save. */
export const MemberProfileFields = z.object({
  salutation: Salutation.nullable(),
  title: Line(30),
  fname: name(),
  lname: line(NAME_MAX_LENGTH),
  email: Email,
  locale: Locale,
  birthday: CalendarDate.nullable(),
  employeeNumber: Line(40),
  vatId: Line(40),
  about: text(2000).nullable(),
  internalNotes: text(2000).nullable(),
  internalNotesVisible: z.boolean(),
  jobTitle: Line(NAME_MAX_LENGTH),
  hireDate: CalendarDate.nullable(),
  endDate: CalendarDate.nullable(),
  access: AccessKind,
  phone: Phone,
  mobile: Phone,
  emergencyNumber: Phone,
  address: Line(200),
  zip: Line(20),
  city: Line(NAME_MAX_LENGTH),
  country: Line(NAME_MAX_LENGTH),
  salaryKind: SalaryKind.nullable(),
  rateCents: z.number().int().min(0).max(MAX_CENTS).nullable(),
  /** A rate of the settings the member is paid by (left as it is when not sent). */
  rateId: Id.nullable().optional(),
  iban: Iban,
  bic: Bic,
});
export const MemberProfileUpdate = MemberProfileFields.refine(
  (v) => !v.hireDate || !v.endDate || v.endDate >= v.hireDate,
  { path: ['endDate'], message: 'validation.endBeforeStart' },
);
export type MemberProfileUpdate = z.infer<typeof MemberProfileUpdate>;

/**
 * What a member shares in the address book (docs/product/members.md, "The team and its pages"): public shows
 * their e-mail and phone numbers to colleagues, private only their name, job and plannings (those who manage the
 * team still see everything).
 */
export const CONTACT_VISIBILITIES = ['public', 'private'] as const;
export const ContactVisibility = z.enum(CONTACT_VISIBILITIES);
export type ContactVisibility = z.infer<typeof ContactVisibility>;

/** Roles, rights and restrictions. */
export const MemberAccessFields = z.object({
  roles: z.array(Role).min(1).max(ROLES.length),
  rights: z.array(Right).max(50),
  managerLimited: z.boolean(),
  plannerRestricted: z.boolean(),
  planningScope: PlanningScope,
  scopeLocationIds: Ids,
  scopeDutyIds: Ids,
  /** Left as it is when not sent. */
  contactVisibility: ContactVisibility.optional(),
});
export const MemberAccessUpdate = MemberAccessFields.refine(
  (v) => v.planningScope !== 'some' || v.scopeLocationIds.length > 0,
  { path: ['scopeLocationIds'], message: 'validation.required' },
);
export type MemberAccessUpdate = z.infer<typeof MemberAccessUpdate>;

export const MemberCostCentresUpdate = z.object({ costCentreIds: Ids });

/**
 * The employee page's settings (docs/product/members.md): whether the member enters their availability (the
 * availability page and its reminders are theirs) and keeps a time-for-time balance.
 */
export const MemberSettings = z.object({ availability: z.boolean(), balance: z.boolean() });
export type MemberSettings = z.infer<typeof MemberSettings>;
export type MemberCostCentresUpdate = z.infer<typeof MemberCostCentresUpdate>;

export const MemberDetail = z.object({
  id: z.string(),
  userId: z.string(),
  gravatar: z.string(),
  state: MemberState,
  /** The person has set a password (accepted the invitation or signed up). */
  registered: z.boolean(),
  /** The account holder (data controller, else the first owner): never deactivated, deleted or demoted. */
  accountHolder: z.boolean(),
  /** The e-mail address can no longer be changed (the person registered, or belongs to another account too). */
  emailLocked: z.boolean(),
  /**
   * The person belongs to another account too: their name, e-mail address and language are theirs to change, not
   * this account's (`mayChangeIdentity`).
   */
  identityShared: z.boolean(),
  /** The member's own record: name and birthday stay as they are once set. */
  self: z.boolean(),
  invitedAt: z.string().nullable(),
  profile: z.object({
    salutation: Salutation.nullable(),
    title: z.string().nullable(),
    fname: z.string(),
    lname: z.string(),
    email: z.string(),
    locale: Locale,
    birthday: z.string().nullable(),
    employeeNumber: z.string().nullable(),
    vatId: z.string().nullable(),
    about: z.string().nullable(),
    internalNotes: z.string().nullable(),
    internalNotesVisible: z.boolean(),
    jobTitle: z.string().nullable(),
    hireDate: z.string().nullable(),
    endDate: z.string().nullable(),
    access: AccessKind,
    phone: z.string().nullable(),
    mobile: z.string().nullable(),
    emergencyNumber: z.string().nullable(),
    address: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    salaryKind: SalaryKind.nullable(),
    rateCents: z.number().int().nullable(),
    rateId: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
  }),
  access: z.object({
    roles: z.array(Role),
    rights: z.array(Right),
    managerLimited: z.boolean(),
    plannerRestricted: z.boolean(),
    planningScope: PlanningScope,
    scopeLocationIds: z.array(z.string()),
    scopeDutyIds: z.array(z.string()),
    contactVisibility: ContactVisibility,
  }),
  costCentreIds: z.array(z.string()),
  settings: MemberSettings,
  /** Fields of the staff file the employer must see filled and that are empty (docs/product/profiles.md). */
  profileMissing: z.number().int(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

// Invitations

export const InvitePerson = z.object({
  fname: name(),
  lname: line(NAME_MAX_LENGTH),
  email: Email,
  locale: Locale.optional(),
});
export const InviteRequest = z.object({
  people: z.array(InvitePerson).min(1).max(200),
  /** Plannings the new people join. */
  locationIds: Ids.default([]),
  role: z.enum(['user', 'planner', 'supervisor', 'observer', 'freelancer']).default('user'),
});
export type InviteRequest = z.input<typeof InviteRequest>;
export const InviteResponse = z.object({ invited: z.array(z.object({ id: z.string(), email: z.string() })) });
export type InviteResponse = z.infer<typeof InviteResponse>;

// Contracts

const Minutes = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 60);
/**
 * What auto-roster keeps to for the person beyond the contract's hours (docs/product/autoroster.md); empty fields set
 * no limit. Counts per shift and weekends are per four weeks.
 */
export const ContractRosterRules = z.object({
  maxConsecutiveDays: z.number().int().min(1).max(31).nullable().default(null),
  minConsecutiveDays: z.number().int().min(1).max(14).nullable().default(null),
  minConsecutiveDaysOff: z.number().int().min(1).max(14).nullable().default(null),
  maxWeekends: z.number().int().min(0).max(4).nullable().default(null),
  /** The most shifts of one shift (by id) per four weeks. */
  maxShifts: z.record(z.string().uuid(), z.number().int().min(0).max(28)).default({}),
});
export type ContractRosterRules = z.infer<typeof ContractRosterRules>;
export const NO_ROSTER_RULES: ContractRosterRules = {
  maxConsecutiveDays: null,
  minConsecutiveDays: null,
  minConsecutiveDaysOff: null,
  maxWeekends: null,
  maxShifts: {},
};

const ContractFields = z.object({
  startDate: CalendarDate,
  endDate: CalendarDate.nullable(),
  type: ContractType,
  weeklyMinutes: Minutes,
  schedule: ContractSchedule,
  /** Fixed schedule: minutes per weekday, Monday first. */
  dayMinutes: z.array(z.number().int().min(0).max(1440)).length(7).nullable(),
  /** Flexible schedule: days per week. */
  daysPerWeek: z.number().int().min(1).max(7).nullable(),
  vacationDays: z.number().int().min(0).max(366),
  permanent: z.boolean(),
  /** Both sides have signed it; an unsigned contract is marked in the team's lists. */
  signed: z.boolean().default(false),
  templateId: line(64).nullable(),
  rosterRules: ContractRosterRules.default(NO_ROSTER_RULES),
});
export const ContractInput = ContractFields.superRefine((v, ctx) => {
  const r = v.rosterRules;
  if (r.minConsecutiveDays && r.maxConsecutiveDays && r.minConsecutiveDays > r.maxConsecutiveDays)
    ctx.addIssue({ code: 'custom', path: ['rosterRules', 'minConsecutiveDays'], message: 'validation.range' });
  if (v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  if (!v.permanent && !v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.required' });
  if (v.schedule === 'fixed' && !v.dayMinutes)
    ctx.addIssue({ code: 'custom', path: ['dayMinutes'], message: 'validation.required' });
  if (v.schedule === 'fixed' && v.dayMinutes && v.dayMinutes.reduce((a, b) => a + b, 0) !== v.weeklyMinutes)
    ctx.addIssue({ code: 'custom', path: ['weeklyMinutes'], message: 'team.weekSum' });
  if (v.schedule === 'flexible' && !v.daysPerWeek)
    ctx.addIssue({ code: 'custom', path: ['daysPerWeek'], message: 'validation.required' });
});
export type ContractInput = z.infer<typeof ContractInput>;

export const MemberContract = z.object({
  id: z.string(),
  membershipId: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  type: ContractType,
  weeklyMinutes: z.number().int(),
  schedule: ContractSchedule,
  dayMinutes: z.array(z.number().int()).nullable(),
  daysPerWeek: z.number().int().nullable(),
  vacationDays: z.number().int(),
  permanent: z.boolean(),
  signed: z.boolean(),
  templateId: z.string().nullable(),
  rosterRules: ContractRosterRules,
});
export type MemberContract = z.infer<typeof MemberContract>;
export const MemberContractsResponse = z.object({ contracts: z.array(MemberContract) });
export type MemberContractsResponse = z.infer<typeof MemberContractsResponse>;
