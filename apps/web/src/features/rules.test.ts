import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No rule is decided in a web component that a policy in `packages/domain` (or a hint in the server's answer) also
 * decides: the components ask the policy. This test lists, per feature, the rules each one imports, and fails on the
 * patterns by which a component would decide such a rule again (docs/architecture.md, "Abilities that include state").
 */

const features = fileURLToPath(new URL('.', import.meta.url));
const repo = join(features, '../../../..');

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesOf(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The names a module exports (functions and constants, and what it re-exports by name; or its functions only). */
function exportsOf(path: string, functionsOnly = false): string[] {
  const text = readFileSync(join(repo, path), 'utf8');
  const declaration = functionsOnly
    ? /export (?:async )?function (\w+)/g
    : /export (?:async )?(?:const|function) (\w+)/g;
  const declared = [...text.matchAll(declaration)].map((m) => m[1]);
  if (functionsOnly) return declared;
  const reexported = [...text.matchAll(/export \{([^}]*)\} from/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
      )
      .filter(Boolean),
  );
  return [...declared, ...reexported];
}

/** The rules a component may ask: the domain's policies and rule modules, and the contracts' reading of hints. */
const RULES = new Set(
  [
    ...readdirSync(join(repo, 'packages/domain/src/policies'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => `packages/domain/src/policies/${name}`),
    'packages/domain/src/roster/availability.ts',
    'packages/domain/src/roster/policy.ts',
    'packages/domain/src/roster/openDay.ts',
    'packages/domain/src/account/status.ts',
  ]
    .flatMap((path) => exportsOf(path))
    .concat(exportsOf('packages/contracts/src/errors.ts', true)),
);

/** The names a feature imports from the domain and the contracts that are rules, sorted. */
function rulesImportedBy(feature: string): string[] {
  const names = new Set<string>();
  for (const file of filesOf(join(features, feature))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import \{([^}]*)\} from '@app\/(?:domain|contracts)'/g)) {
      for (const part of m[1].split(',')) {
        const name = part.replace(/^\s*type\s+/, '').trim();
        if (RULES.has(name)) names.add(name);
      }
    }
  }
  return [...names].sort();
}

interface Forbidden {
  /** What a component must not write. */
  pattern: RegExp;
  /** Which policy decides it instead. */
  ask: string;
  /** Components only (`.tsx`), or every module of the feature. */
  components?: boolean;
}

/** A date compared with today or a deadline (an arrow's `=>` is no comparison). */
const DATE_AGAINST_TODAY =
  /(?<![=<>])(?:<|<=|>|>=)\s*(?:[\w.]+\.)?(?:today|deadline)\b|\b(?:today|deadline)\s*(?:<|<=|>|>=)(?![=>])/;

const FORBIDDEN: Record<string, Forbidden[]> = {
  vacation: [
    { pattern: /\.status\s*[!=]==?\s*'(?:pending|approved)'/, ask: 'vacationAbilitiesOf' },
    { pattern: DATE_AGAINST_TODAY, ask: 'vacationDatesProblems / firstVacationDay', components: true },
    { pattern: /\bfrom\s*[!=]==\s*until\b/, ask: 'mayTakePartDay', components: true },
  ],
  availability: [
    { pattern: DATE_AGAINST_TODAY, ask: 'availabilityAbilitiesOf', components: true },
    { pattern: /\blevel\s*[!=]==\s*'(?:planner|own)'/, ask: 'availabilityAbilitiesOf' },
    { pattern: /\.status\s*[!=]==?\s*'(?:approved|denied|requested)'/, ask: 'availabilityAbilitiesOf' },
    { pattern: /type\s*[!=]==\s*'(?:available|limited)'\s*(?:\|\||&&)/, ask: 'availabilityTimes', components: true },
    { pattern: /'availability\.times(?:Required|Both|Equal)'/, ask: 'availabilityProblems' },
  ],
  hours: [
    // A right combined with the line's state is an ability: the line's `can` (hoursAbilitiesOf on the server).
    {
      pattern:
        /\bmay\.(?:supervise|sign|bill)\b[^;]*\.status\b|\.status\s*[!=]==?\s*'(?:pending|denied|approved)'[^;]*\bmay\./,
      ask: "hoursAbilitiesOf (the line's can)",
    },
    { pattern: /\bline\.paid\b/, ask: "hoursAbilitiesOf (the line's can)", components: true },
  ],
  subscription: [
    { pattern: /\.status\s*[!=]==?\s*'(?:active|cancelled|free|expired)'/, ask: 'subscriptionAbilitiesOf' },
    { pattern: /\bSUBSCRIBABLE\b/, ask: 'subscriptionAbilitiesOf' },
  ],
  team: [
    { pattern: /\b(?:own|self)\b[^;]*\.(?:fname|lname|birthday)\s*!==/, ask: 'lockedOwnChanges', components: true },
    {
      pattern: /\broles\.includes\('owner'\)/,
      ask: 'mayChangeMember / mayChangeMemberAccess / loginAccessRequired',
      components: true,
    },
  ],
  roster: [
    { pattern: /\brecoveryFor\b/, ask: 'retryHintOf (the error body)' },
    {
      pattern:
        /\b(?:ERR_OVERLAP_REST|ERR_UNAVAILABLE_WARN|ERR_UNAVAILABLE_LIMITED|ERR_HOURS|ERR_HOURS_CONFIRMED|ERR_LAST_CONTENT)\b/,
      ask: 'retryHintOf (the error body)',
    },
    { pattern: /confirmed:\s*(?:true|'OVERRULE_REST')/, ask: 'retryHintOf (the error body)' },
    { pattern: DATE_AGAINST_TODAY, ask: 'a policy of packages/domain', components: true },
  ],
};

describe('the rules the web reads from policies', () => {
  it('lists the rules each feature asks packages/domain (and the contracts) for', () => {
    expect(Object.fromEntries(Object.keys(FORBIDDEN).map((f) => [f, rulesImportedBy(f)]))).toEqual({
      vacation: [
        'firstVacationDay',
        'mayAdjustVacation',
        'mayDecideVacation',
        'mayRequestVacation',
        'mayTakePartDay',
        'memberFromInit',
        'vacationAbilitiesOf',
        'vacationDatesProblems',
      ],
      availability: [
        'availabilityAbilitiesOf',
        'availabilityEditScope',
        'availabilityProblems',
        'availabilityTimes',
        'availabilityWeekday',
        'mayViewTeamAvailability',
        'memberFromInit',
        'sicknessCovers',
      ],
      hours: ['openingTimesheetTab'],
      subscription: ['daysLeft', 'subscriptionAbilitiesOf'],
      team: [
        'lockedOwnChanges',
        'loginAccessRequired',
        'mayChangeIdentity',
        'mayChangeMember',
        'mayChangeMemberAccess',
        'mayChangeStatus',
        'mayDeleteMember',
        'mayFileHrDocuments',
        'mayKeepDossier',
        'mayManageContractTemplates',
        'mayManageSettings',
        'memberFromInit',
        'memberHasRole',
        'takesOutAccountHolder',
      ],
      roster: ['availabilityVerdict', 'canPlan', 'firstOpenDay', 'placementRefusal', 'retryHintOf'],
    });
  });

  for (const [feature, rules] of Object.entries(FORBIDDEN)) {
    it(`no ${feature} component decides again what a policy decides`, () => {
      const found: string[] = [];
      for (const file of filesOf(join(features, feature))) {
        const lines = readFileSync(file, 'utf8').split('\n');
        for (const rule of rules) {
          if (rule.components && !file.endsWith('.tsx')) continue;
          lines.forEach((line, i) => {
            if (rule.pattern.test(line))
              found.push(`${relative(features, file)}:${i + 1}: ${line.trim()} (ask ${rule.ask})`);
          });
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('the patterns catch what they are for', () => {
    const caught = (feature: string, line: string, tsx = true) =>
      FORBIDDEN[feature].some((r) => (tsx || !r.components) && r.pattern.test(line));
    expect(caught('vacation', "const changeable = r.status === 'pending' && mayRequest;")).toBe(true);
    expect(caught('vacation', 'minDate={decider ? min : today} if (from < today)')).toBe(true);
    expect(caught('vacation', 'const oneDay = !!from && from === until;')).toBe(true);
    expect(caught('availability', 'const closed = (date: string) => deadline !== null && date < deadline;')).toBe(true);
    expect(
      caught('availability', "const timed = form.values.type === 'available' || form.values.type === 'limited';"),
    ).toBe(true);
    expect(
      caught('hours', "const decidable = may.supervise && (line.status === 'pending' || line.status === 'denied');"),
    ).toBe(true);
    expect(caught('hours', "{may.supervise && line.status === 'approved' && !line.paid && (")).toBe(true);
    expect(caught('team', "const lockedName = (own && detail.profile.fname !== '') || identityLocked;")).toBe(true);
    expect(caught('team', "const actorIsOwner = session.membership.roles.includes('owner');")).toBe(true);
    expect(caught('roster', "case 'ERR_OVERLAP_REST': return { confirmed: 'OVERRULE_REST' };", false)).toBe(true);
    // Not a rule: an arrow function that returns today, a day marked as today.
    expect(caught('vacation', 'const pick = () => today; data-today={d === today}')).toBe(false);
  });
});
