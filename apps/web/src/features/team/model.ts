import type { MemberListItem, MemberState, Role } from '@app/contracts';

export type StatusFilter = 'all' | 'active' | 'invited' | 'inactive';
export type SortKey = 'name' | 'hireDate' | 'contract' | 'role';
/** The staff file's completeness, as the server counted it (`profileMissing`, docs/product/profiles.md). */
export type ProfileFilter = 'incomplete' | 'complete';

export interface TeamFilter {
  search: string;
  role: Role | null;
  location: string | null;
  duty: string | null;
  tag: string | null;
  profile: ProfileFilter | null;
  status: StatusFilter;
  sort: SortKey;
}

export const EMPTY_FILTER: TeamFilter = {
  search: '',
  role: null,
  location: null,
  duty: null,
  tag: null,
  profile: null,
  status: 'all',
  sort: 'name',
};

const statusOf = (state: MemberState): Exclude<StatusFilter, 'all'> =>
  state === 'inactive' ? 'inactive' : state === 'active' ? 'active' : 'invited';

/** Lower case without accents, so "schroder" finds "Schröder". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const ROLE_RANK: Record<Role, number> = {
  owner: 0,
  manager: 1,
  planner: 2,
  supervisor: 3,
  accountant: 4,
  biller: 5,
  observer: 6,
  freelancer: 7,
  user: 8,
};

/** The members the filter keeps, in its order. */
export function filterMembers(members: readonly MemberListItem[], f: TeamFilter, locale: string): MemberListItem[] {
  const words = fold(f.search).split(/\s+/).filter(Boolean);
  const kept = members.filter((m) => {
    if (f.status !== 'all' && statusOf(m.state) !== f.status) return false;
    if (f.role && !m.roles.includes(f.role)) return false;
    if (f.location && !m.locationIds.includes(f.location)) return false;
    if (f.duty && !m.dutyIds.includes(f.duty)) return false;
    if (f.tag && !m.tagIds.includes(f.tag)) return false;
    if (f.profile && m.profileMissing > 0 !== (f.profile === 'incomplete')) return false;
    if (words.length) {
      const hay = fold([m.fname, m.lname, m.email, m.employeeNumber ?? '', m.jobTitle ?? ''].join(' '));
      if (!words.every((w) => hay.includes(w))) return false;
    }
    return true;
  });
  const byName = (a: MemberListItem, b: MemberListItem) =>
    a.lname.localeCompare(b.lname, locale) || a.fname.localeCompare(b.fname, locale);
  const rank = (m: MemberListItem) => Math.min(...m.roles.map((r) => ROLE_RANK[r]));
  const compare: Record<SortKey, (a: MemberListItem, b: MemberListItem) => number> = {
    name: byName,
    hireDate: (a, b) => (a.hireDate ?? '9999').localeCompare(b.hireDate ?? '9999') || byName(a, b),
    contract: (a, b) => (b.contractMinutes ?? -1) - (a.contractMinutes ?? -1) || byName(a, b),
    role: (a, b) => rank(a) - rank(b) || byName(a, b),
  };
  return kept.sort(compare[f.sort]);
}

export interface PastedPerson {
  fname: string;
  lname: string;
  email: string;
}

const EMAIL = /[^\s<>,;"']+@[^\s<>,;"']+\.[^\s<>,;"']+/;

/**
 * A pasted list of people, one per line: "Anna Schmidt <anna@example.com>", "Anna Schmidt, anna@example.com",
 * "anna@example.com;Anna;Schmidt" (a spreadsheet's columns) or a bare address. Lines without an address are
 * answered as problems, by their line number.
 */
export function parsePeopleList(text: string): { people: PastedPerson[]; problems: number[] } {
  const people: PastedPerson[] = [];
  const problems: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const match = EMAIL.exec(line);
    if (!match) {
      problems.push(index + 1);
      return;
    }
    const email = match[0].toLowerCase();
    const rest = line
      .replace(match[0], ' ')
      .replace(/[<>"]/g, ' ')
      .split(/[\t,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    let fname = '';
    let lname = '';
    if (rest.length >= 2) {
      [fname, lname] = [rest[0], rest.slice(1).join(' ')];
    } else if (rest.length === 1) {
      const parts = rest[0].split(/\s+/);
      fname = parts[0];
      lname = parts.slice(1).join(' ');
    } else {
      const local = email.split('@')[0].split(/[._-]+/);
      const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
      fname = cap(local[0] ?? '');
      lname = local.slice(1).map(cap).join(' ');
    }
    people.push({ fname, lname, email });
  });
  return { people, problems };
}
