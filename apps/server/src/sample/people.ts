import type { Right, Role } from '@app/contracts';

/**
 * The address a sample person gets in the account being seeded: the first-start sample keeps the addresses of
 * DEVELOPERS.md; a demo company gives each person an address of its own (`demoEmails`).
 */
export type EmailOf = (sampleEmail: string) => string;
export const sampleEmail: EmailOf = (email) => email;

/**
 * Unique addresses for one demo company: `<tag>.<local part>@demo.invalid`. The tag leads, so the people sort by
 * address as in the sample (its steps hand out work in that order); `.invalid` can never receive mail.
 */
export const demoEmails =
  (tag: string): EmailOf =>
  (email) =>
    `${tag}.${email.split('@')[0]}@demo.invalid`;

export interface SamplePerson {
  email: string;
  fname: string;
  lname: string;
  roles: Role[];
  rights?: Right[];
  locale?: 'en' | 'de' | 'nl' | 'pl';
  /** Indexes into the sample locations; all when omitted. */
  locations?: number[];
  /** Duty identifiers held. */
  duties: string[];
  tags?: string[];
  status?: 'active' | 'inactive';
}

const EMPLOYEE_RIGHTS: Right[] = [
  'colleagues.view',
  'hours.own',
  'vacation.request',
  'availability.edit',
  'placeholders.signup',
];

/** The sign-ins of DEVELOPERS.md first, then the rest of the staff. */
export const BISTRO_PEOPLE: SamplePerson[] = [
  { email: 'owner@example.com', fname: 'Olivia', lname: 'Owner', roles: ['owner'], duties: ['SL'] },
  { email: 'manager@example.com', fname: 'Max', lname: 'Manager', roles: ['manager'], duties: ['SL', 'SV'] },
  { email: 'planner@example.com', fname: 'Paula', lname: 'Planner', roles: ['planner'], duties: ['SL', 'SV'] },
  {
    email: 'supervisor@example.com',
    fname: 'Sam',
    lname: 'Supervisor',
    roles: ['supervisor'],
    rights: EMPLOYEE_RIGHTS,
    locations: [0, 1],
    duties: ['SV', 'B'],
  },
  {
    email: 'employee@example.com',
    fname: 'Emma',
    lname: 'Employee',
    roles: ['user'],
    // Emma also registers unplanned hours and declares expenses and travel (the timesheet's flows).
    rights: [...EMPLOYEE_RIGHTS, 'hours.unplanned', 'expenses.declare', 'travel.declare'],
    locations: [0],
    duties: ['SV', 'B'],
    tags: ['Barista'],
  },
  {
    email: 'observer@example.com',
    fname: 'Oscar',
    lname: 'Observer',
    roles: ['observer'],
    locations: [0, 1, 2],
    duties: [],
  },
  {
    email: 'accountant@example.com',
    fname: 'Alice',
    lname: 'Accountant',
    roles: ['accountant'],
    locations: [0],
    duties: [],
  },
  { email: 'biller@example.com', fname: 'Ben', lname: 'Biller', roles: ['biller'], locations: [0], duties: [] },
  {
    email: 'freelancer@example.com',
    fname: 'Fiona',
    lname: 'Freelancer',
    roles: ['freelancer'],
    rights: EMPLOYEE_RIGHTS,
    locations: [2],
    duties: ['K'],
  },
  ...(
    [
      ['Anna', 'Schmidt', [0], ['K'], ['First aid']],
      ['Lukas', 'Müller', [0], ['K', 'D'], []],
      ['Mia', 'Schneider', [0], ['SV'], ['Sommelier']],
      ['Leon', 'Fischer', [0], ['SV', 'B'], ['Barista']],
      ['Hannah', 'Weber', [0], ['B'], ['Barista', 'Key holder']],
      ['Noah', 'Meyer', [0], ['D'], []],
      ['Lea', 'Wagner', [0, 1], ['SV'], []],
      ['Elias', 'Becker', [0, 1], ['K'], ['First aid']],
      ['Emilia', 'Schulz', [0], ['SV'], []],
      ['Paul', 'Hoffmann', [0], ['K'], ['Key holder']],
      ['Sophie', 'Koch', [1], ['SV', 'B'], ['Barista']],
      ['Jonas', 'Richter', [1], ['K'], []],
      ['Marie', 'Klein', [1], ['SV'], ['First aid']],
      ['Finn', 'Wolf', [1], ['D', 'K'], []],
      ['Lina', 'Schröder', [1], ['B'], ['Barista']],
      ['Ben', 'Neumann', [1], ['SV'], []],
      ['Clara', 'Schwarz', [1], ['SV'], []],
      ['Felix', 'Zimmermann', [1, 2], ['K'], ['Key holder']],
      ['Ella', 'Braun', [2], ['SV'], []],
      ['Luis', 'Krüger', [2], ['K'], ['First aid']],
      ['Ida', 'Hofmann', [2], ['SV', 'B'], []],
      ['Henry', 'Hartmann', [2], ['D'], []],
      ['Frieda', 'Lange', [2], ['K'], []],
      ['Anton', 'Schmitt', [2], ['SV'], ['Sommelier']],
      ['Greta', 'Werner', [2], ['B'], ['Barista']],
      ['Jan', 'de Vries', [0], ['SV'], [], 'nl'],
      ['Sanne', 'Jansen', [1], ['K'], [], 'nl'],
      ['Kasia', 'Nowak', [2], ['D', 'K'], [], 'pl'],
      ['Piotr', 'Kowalski', [0], ['K'], ['First aid'], 'pl'],
      ['Tom', 'Baker', [1], ['B', 'SV'], [], 'en'],
      ['Laura', 'Krause', [0], ['SV'], [], 'de', 'inactive'],
    ] as const
  ).map(
    ([fname, lname, locations, duties, tags, locale, status]): SamplePerson => ({
      email: `${`${fname}.${lname}`.toLowerCase().replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/\s+/g, '')}@example.com`,
      fname,
      lname,
      roles: ['user'],
      rights: EMPLOYEE_RIGHTS,
      locations: [...locations],
      duties: [...duties],
      tags: [...tags],
      locale: locale ?? 'de',
      status: status ?? 'active',
    }),
  ),
];

export const STORE_PEOPLE: SamplePerson[] = [
  { email: 'owner@example.com', fname: 'Olivia', lname: 'Owner', roles: ['owner'], duties: ['CA'] },
  { email: 'nina.berg@example.com', fname: 'Nina', lname: 'Berg', roles: ['planner'], duties: ['CA', 'ST'] },
  {
    email: 'omar.haddad@example.com',
    fname: 'Omar',
    lname: 'Haddad',
    roles: ['user'],
    rights: EMPLOYEE_RIGHTS,
    duties: ['CA'],
  },
  {
    email: 'julia.lang@example.com',
    fname: 'Julia',
    lname: 'Lang',
    roles: ['user'],
    rights: EMPLOYEE_RIGHTS,
    duties: ['ST'],
  },
];
