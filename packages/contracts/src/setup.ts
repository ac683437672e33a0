import { z } from 'zod';
import { DutyColor, ShiftBreak, ShiftTime } from './catalog';
import { IDENTIFIER_MAX_LENGTH, SETUP_STEPS } from './constants';
import { Locale, ModuleKey } from './enums';
import { matching, name, text } from './inputs';
import { Country, TimeZone } from './settings';

/**
 * The setup wizard a new company's owner goes through (docs/product/setup.md): one step a page, each step's input
 * kept on the server as a draft, so a reload or another device resumes it; completing creates what was chosen.
 */

export const INDUSTRIES = ['gastronomy', 'retail', 'healthcare', 'other'] as const;
export const Industry = z.enum(INDUSTRIES);
export type Industry = z.infer<typeof Industry>;

export const SetupStep = z.enum(SETUP_STEPS);
export type SetupStep = z.infer<typeof SetupStep>;

/** How long a pasted list of employees may be (how many lines: SETUP_EMPLOYEES_MAX, constants.ts). */
export const SETUP_EMPLOYEES_TEXT_MAX = 20_000;
export const SETUP_DUTIES_MAX = 30;
export const SETUP_SHIFTS_MAX = 20;

export const SetupAccountData = z.object({
  country: Country,
  timeZone: TimeZone,
  locale: Locale,
  weekStartsOn: z.enum(['monday', 'sunday']),
});
export type SetupAccountData = z.infer<typeof SetupAccountData>;

export const SetupCompanyData = z.object({ industry: Industry, companyName: name() });
export type SetupCompanyData = z.infer<typeof SetupCompanyData>;

/** The pasted list as typed: one person a line (parsed by `parseEmployeeList` of the domain, here and in the web). */
export const SetupEmployeesData = z.object({ list: text(SETUP_EMPLOYEES_TEXT_MAX) });
export type SetupEmployeesData = z.infer<typeof SetupEmployeesData>;

export const SetupDuty = z.object({ identifier: name(IDENTIFIER_MAX_LENGTH), name: name(), color: DutyColor });
export type SetupDuty = z.infer<typeof SetupDuty>;
export const SetupFunctionsData = z.object({ duties: z.array(SetupDuty).max(SETUP_DUTIES_MAX) });
export type SetupFunctionsData = z.infer<typeof SetupFunctionsData>;

export const SetupShift = z.object({
  identifier: name(IDENTIFIER_MAX_LENGTH),
  name: name(),
  start: ShiftTime,
  end: ShiftTime,
  break: ShiftBreak,
});
export type SetupShift = z.infer<typeof SetupShift>;
export const SetupActivitiesData = z.object({ shifts: z.array(SetupShift).max(SETUP_SHIFTS_MAX) });
export type SetupActivitiesData = z.infer<typeof SetupActivitiesData>;

export const SetupModulesData = z.object({ modules: z.array(ModuleKey).max(64) });
export type SetupModulesData = z.infer<typeof SetupModulesData>;

/** Saves one step's input and moves to `goTo` (the next step, or back). Welcome and done carry no input. */
export const SetupSaveRequest = z.discriminatedUnion('step', [
  z.object({ step: z.literal('welcome'), goTo: SetupStep }),
  z.object({ step: z.literal('account'), goTo: SetupStep, data: SetupAccountData }),
  z.object({ step: z.literal('company'), goTo: SetupStep, data: SetupCompanyData }),
  z.object({ step: z.literal('employees'), goTo: SetupStep, data: SetupEmployeesData }),
  z.object({ step: z.literal('functions'), goTo: SetupStep, data: SetupFunctionsData }),
  z.object({ step: z.literal('activities'), goTo: SetupStep, data: SetupActivitiesData }),
  z.object({ step: z.literal('modules'), goTo: SetupStep, data: SetupModulesData }),
  z.object({ step: z.literal('done'), goTo: SetupStep }),
]);
export type SetupSaveRequest = z.infer<typeof SetupSaveRequest>;

export const SetupParams = z.object({ id: z.uuid() });

/** The wizard as it stands: the current step and every step's input (the industry's defaults where none yet). */
export const SetupState = z.object({
  accountId: z.string(),
  step: SetupStep,
  account: SetupAccountData,
  company: z.object({ industry: Industry.nullable(), companyName: z.string() }),
  employees: z.object({ list: z.string() }),
  functions: z.object({ duties: z.array(SetupDuty) }),
  activities: z.object({ shifts: z.array(SetupShift) }),
  modules: z.object({ modules: z.array(ModuleKey) }),
  /** How many more people the plan takes (null: no limit). */
  planRoom: z.number().int().nullable(),
  ownerEmail: z.string(),
});
export type SetupState = z.infer<typeof SetupState>;

export const SetupCompleteResponse = z.object({ invited: z.number().int(), locationId: z.string() });
export type SetupCompleteResponse = z.infer<typeof SetupCompleteResponse>;

/** A link of a "continue your setup" mail: the account and its single-use token. */
export const SetupStartRequest = z.object({
  accountId: z.uuid(),
  token: matching(/^[A-Za-z0-9_-]{16,128}$/),
});
export type SetupStartRequest = z.infer<typeof SetupStartRequest>;
