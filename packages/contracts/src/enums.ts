import { z } from 'zod';
import { LOCALES, MODULES } from './constants';

export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

export const ROLES = [
  'owner',
  'manager',
  'planner',
  'supervisor',
  'observer',
  'accountant',
  'biller',
  'freelancer',
  'user',
] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Per-employee rights of docs/product/rights.md, as named strings on the membership. */
export const RIGHTS = [
  'user.edit',
  'contacts.view',
  'colleagues.view',
  'colleagues.view.planned',
  'placeholders.signup',
  'hours.own',
  'hours.unplanned',
  'hours.others',
  'expenses.declare',
  'travel.declare',
  /** A supervisor with it only collects signatures (docs/product/hours.md). */
  'hours.signaturesOnly',
  'vacation.request',
  /** Planners with it decide vacation requests (managers always do). */
  'vacation.approve',
  'balances.overview',
  'absence.report',
  'availability.edit',
  /** Opens the reports without the accountant role (docs/product/rights.md). */
  'reports.access',
  /** Makes personal access tokens for the public API (docs/product/api.md); owners need no right. */
  'api.tokens',
] as const;
export const Right = z.enum(RIGHTS);
export type Right = z.infer<typeof Right>;

export const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value);

/**
 * The rights a stored membership holds, without names no longer in the list (`balances.own` and
 * `colleagues.supervise` were dropped: docs/product/rights.md). Every read of a membership's rights goes through it,
 * so an old row neither grants something nor breaks a response.
 */
export const knownRights = (stored: readonly string[]): Right[] => stored.filter(isRight);

export const ACCOUNT_STATUSES = [
  'free',
  'trial',
  'active',
  'expired',
  'cancelled',
  'deleted',
  'license',
  'demo',
] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const PLAN_TYPES = ['fix', 'flex', 'legacy', 'custom'] as const;
export const PlanType = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof PlanType>;

export const MEMBERSHIP_STATUSES = ['active', 'inactive', 'deleted'] as const;
export const MembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

/** Login access of a membership (docs/product/members.md: access yes, no, other). */
export const ACCESS_KINDS = ['yes', 'no', 'other'] as const;

export const ModuleKey = z.enum(MODULES);
export type ModuleKey = z.infer<typeof ModuleKey>;

export const UNAVAILABLE_POLICIES = ['deny', 'warn', 'allow'] as const;
export const UnavailablePolicy = z.enum(UNAVAILABLE_POLICIES);
export type UnavailablePolicy = z.infer<typeof UnavailablePolicy>;
