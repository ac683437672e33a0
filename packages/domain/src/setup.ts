import {
  MODULES,
  type ModuleKey,
  NAME_MAX_LENGTH,
  type Role,
  SETUP_EMPLOYEES_MAX,
  SETUP_STEPS,
  type SetupStep,
} from '@app/contracts';
import { isModuleOffered, requirementsOf } from './modules';

/**
 * The setup wizard's rules, shared by the server and the web (docs/product/setup.md): who goes where while an
 * account's setup is unfinished, the pasted list of employees, and the modules a company starts with.
 */

/** Where a signed-in member goes: the app, the wizard (the owner of an unfinished account), or the notice that
 * the setup is unfinished, after which they are signed out (everyone else). */
export type SetupLanding = 'app' | 'wizard' | 'incomplete';

export function setupLanding(account: { setupComplete: boolean }, member: { roles: readonly Role[] }): SetupLanding {
  if (account.setupComplete) return 'app';
  return member.roles.includes('owner') ? 'wizard' : 'incomplete';
}

export const stepIndex = (step: SetupStep) => SETUP_STEPS.indexOf(step);
export const nextStep = (step: SetupStep): SetupStep =>
  SETUP_STEPS[Math.min(stepIndex(step) + 1, SETUP_STEPS.length - 1)];
export const previousStep = (step: SetupStep): SetupStep => SETUP_STEPS[Math.max(stepIndex(step) - 1, 0)];

// The pasted list of employees

export interface ListedEmployee {
  /** 1-based line of the pasted text. */
  line: number;
  fname: string;
  lname: string;
  email: string;
}

export type EmployeeLineProblem = 'noEmail' | 'invalidEmail' | 'noName' | 'tooLong' | 'duplicate' | 'overLimit';

export interface EmployeeListResult {
  people: ListedEmployee[];
  problems: { line: number; text: string; problem: EmployeeLineProblem }[];
}

/** The address form the server's e-mail input accepts (zod's). */
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const ANGLE = /^(.*?)<\s*([^<>\s]+)\s*>\s*$/;
const looksLikeEmail = (s: string) => s.includes('@');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Quotes a spreadsheet puts around a cell. */
const unquote = (s: string) =>
  s
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/^'(.*)'$/, '$1')
    .trim();

function splitLine(raw: string): { name: string; email: string | null } {
  const angle = ANGLE.exec(raw);
  if (angle) return { name: unquote(squash(angle[1].replace(/[,;]\s*$/, ''))), email: angle[2] };
  const separator = raw.includes('\t') ? '\t' : raw.includes(';') ? ';' : raw.includes(',') ? ',' : null;
  const cells = (separator ? raw.split(separator) : raw.split(/\s+/)).map(unquote).filter(Boolean);
  const at = cells.findIndex(looksLikeEmail);
  if (at < 0) return { name: squash(cells.join(' ')), email: null };
  return { name: squash(cells.filter((_, i) => i !== at).join(' ')), email: cells[at] };
}

/** A spreadsheet's header row: no address in it, and a cell that names the e-mail column. */
const isHeader = (raw: string) => !looksLikeEmail(raw) && /\be-?mail\b/i.test(raw);

/** One line on its own: a person, or what is wrong with the line. */
function readLine(text: string): Omit<ListedEmployee, 'line'> | { problem: EmployeeLineProblem } {
  const { name, email } = splitLine(text);
  if (!email) return { problem: 'noEmail' };
  const address = email.toLowerCase();
  if (address.length > 254 || !EMAIL.test(address)) return { problem: 'invalidEmail' };
  if (!name) return { problem: 'noName' };
  const [fname, ...rest] = name.split(' ');
  const lname = rest.join(' ');
  if (fname.length > NAME_MAX_LENGTH || lname.length > NAME_MAX_LENGTH) return { problem: 'tooLong' };
  return { fname, lname, email: address };
}

/**
 * Reads a pasted list, one person a line: "Name <email>", "name, email" (or ";"), or tab-separated cells from a
 * spreadsheet (first name, last name and address in any order). Empty lines and a header row are skipped. Each
 * line answers a person or its problem; addresses already listed, or beyond the plan's `room`, are problems too.
 */
export function parseEmployeeList(text: string, opts: { room?: number | null } = {}): EmployeeListResult {
  const people: ListedEmployee[] = [];
  const problems: EmployeeListResult['problems'] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || (people.length === 0 && problems.length === 0 && isHeader(trimmed))) return;
    const read = readLine(trimmed);
    let problem: EmployeeLineProblem | null = 'problem' in read ? read.problem : null;
    if (!problem && 'email' in read) {
      if (seen.has(read.email)) problem = 'duplicate';
      else if (people.length >= SETUP_EMPLOYEES_MAX || (opts.room != null && people.length >= opts.room))
        problem = 'overLimit';
      else {
        seen.add(read.email);
        people.push({ line, ...read });
      }
    }
    if (problem) problems.push({ line, text: trimmed, problem });
  });
  return { people, problems };
}

// Modules

/** The modules the wizard offers (the rest are on the modules page later), in the order it shows them. */
export const SETUP_MODULES: readonly ModuleKey[] = [
  'roster',
  'shifts',
  'availability',
  'vacation',
  'sickness',
  'hours',
  'balances',
  'checkins',
  'tags',
  'today',
  'planning',
  'chats',
  'contacts',
  'documents',
  'statistics',
  'university',
];

/**
 * A selection with everything it requires, in the catalogue's order: what the account is given. A module the product
 * does not offer is left out.
 */
export function withRequirements(selected: readonly ModuleKey[]): ModuleKey[] {
  const offered = selected.filter(isModuleOffered);
  const all = new Set<ModuleKey>(offered);
  for (const key of offered) for (const r of requirementsOf(key)) all.add(r);
  return MODULES.filter((m) => all.has(m));
}
