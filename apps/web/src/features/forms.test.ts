import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Forms and writes have one shape each in the web (docs/architecture.md, "The web"): a form is `useSchemaForm` on the
 * request's contract schema, and a write's busy state is its mutation's `isPending`. This scan fails when a file
 * hand-rolls either; the exceptions below say why they stay.
 */

const src = fileURLToPath(new URL('..', import.meta.url));

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesOf(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const sources = filesOf(src).map((path) => ({
  file: relative(src, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));

/** A busy flag by hand: a state set to true just before an await, or reset in a `finally`. */
const HAND_ROLLED_BUSY = [/\bset\w+\(true\);?\s*\n(?:[^\n]*\n){0,3}?[^\n]*\bawait\b/, /finally\s*\{\s*set\w+\(/];

/** Files that keep a busy state of their own, and why. */
const BUSY_EXCEPTIONS: Record<string, string> = {
  'features/roster/useItemEdit.ts':
    'counts edits in flight (several run at once), and a refusal re-runs the call after a question in the same run',
  'features/roster/ReleaseDialog.tsx': 'being rewritten on another branch; leaves this list when that lands',
};

/** Mantine's `useForm` called directly (a form not on its contract schema). */
const DIRECT_USE_FORM = /\buseForm\s*(?:<[^>]*>)?\s*\(/;

/** Forms that keep Mantine's own validation, and why (each says so in a comment too). */
const FORM_EXCEPTIONS: Record<string, string> = {
  'ui/useSchemaForm.ts': 'the one form hook itself',
  'features/auth/ResetPasswordPage.tsx': 'a new password, checked rule by rule; its repeat has no contract',
  'features/auth/AcceptInvitationPage.tsx': 'a new password, checked rule by rule; its repeat has no contract',
  'features/profile/PasswordForm.tsx': 'a new password, checked rule by rule; its repeat has no contract',
  'features/signup/RegisterPage.tsx': 'a new password, checked rule by rule; the consents have their own words',
  'features/profile/TwoFactorSection.tsx': "the contract takes any password text; a wrong one is the server's 401",
  'features/subscription/MandateDialog.tsx':
    "IBAN check digits and the BIC's country: the domain's bankAccountProblems",
  'features/availability/EntryEditor.tsx': "an entry's problems: the domain's availabilityProblems, worded per problem",
};

/** Files another branch rewrites now: the lead drops them from the lists above when it merges that branch. */
const REWRITTEN_ELSEWHERE = new Set(['features/roster/ReleaseDialog.tsx']);

describe('the scan', () => {
  it('finds a busy flag set around an API call, and one reset in finally', () => {
    const set = 'const save = async () => {\n    setBusy(true);\n    try {\n      await send();';
    const reset = '    } finally {\n      setSaving(false);\n    }';
    expect(HAND_ROLLED_BUSY.some((p) => p.test(set))).toBe(true);
    expect(HAND_ROLLED_BUSY.some((p) => p.test(reset))).toBe(true);
    expect(HAND_ROLLED_BUSY.some((p) => p.test('onClick={() => setOpened(true)}\n'))).toBe(false);
  });

  it('finds useForm with and without type arguments, and not useSchemaForm', () => {
    expect(DIRECT_USE_FORM.test('const form = useForm({')).toBe(true);
    expect(DIRECT_USE_FORM.test('const form = useForm<Values>({')).toBe(true);
    expect(DIRECT_USE_FORM.test('const { form } = useSchemaForm({')).toBe(false);
  });
});

describe('writes', () => {
  it('keep no busy flag of their own: a mutation’s isPending says it', () => {
    const offenders = sources
      .filter(({ file, text }) => !(file in BUSY_EXCEPTIONS) && HAND_ROLLED_BUSY.some((p) => p.test(text)))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('list no exception that no longer hand-rolls one', () => {
    const stale = Object.keys(BUSY_EXCEPTIONS).filter((file) => {
      if (REWRITTEN_ELSEWHERE.has(file)) return false;
      const source = sources.find((s) => s.file === file);
      return source && !HAND_ROLLED_BUSY.some((p) => p.test(source.text));
    });
    expect(stale).toEqual([]);
  });
});

describe('forms', () => {
  it('are useSchemaForm on the contract schema, except the listed ones', () => {
    const offenders = sources
      .filter(({ file, text }) => !(file in FORM_EXCEPTIONS) && DIRECT_USE_FORM.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('list no exception that no longer calls useForm', () => {
    const stale = Object.keys(FORM_EXCEPTIONS).filter((file) => {
      if (REWRITTEN_ELSEWHERE.has(file)) return false;
      const source = sources.find((s) => s.file === file);
      return !source || !DIRECT_USE_FORM.test(source.text);
    });
    expect(stale).toEqual([]);
  });
});
