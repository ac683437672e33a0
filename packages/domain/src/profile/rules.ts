import type { ProfileCondition, ProfileField, ProfileTemplate, ProfileValue } from '@app/contracts';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * The profile's rules (docs/product/profiles.md): which fields a viewer sees, must fill and may change. Decided here
 * once; the server refuses a save that breaks them and the form renders from the same answer.
 */

/** Who is filling the profile: the member themselves, or a manager on the member's employee page. */
export type ProfileViewer = 'employee' | 'employer';

export type ProfileValues = Readonly<Record<string, ProfileValue | null | undefined>>;

export interface ProfileSituation {
  viewer: ProfileViewer;
  /** Stored or typed values, by field id. */
  values: ProfileValues;
  /** How many files each upload field holds, by field id. */
  uploads: Readonly<Record<string, number>>;
  /** A manager locked the member's personal data. */
  locked: boolean;
  /** The employer side may edit this member at all. */
  mayEdit: boolean;
}

export interface ProfileFieldState {
  id: string;
  visible: boolean;
  required: boolean;
  disabled: boolean;
  /** Required, shown and not filled: what stops a save. */
  missing: boolean;
}

/** Member data that the member sets once and then only a manager changes. */
const FIXED_ONCE_SET = new Set(['birthday']);
/**
 * The person's identity (name and e-mail, which is also their log-in) is shown in the profile but changed where
 * sign-in is managed: the member's own profile page and the employee page (docs/product/members.md).
 */
export const PROFILE_IDENTITY_KEYS: ReadonlySet<string> = new Set(['fname', 'lname', 'email']);
/** Nationals of this country need papers for work that starts on or after this date. */
const BREXIT = { nationality: 'gb', from: '2021-01-01' };

const isUpload = (field: ProfileField) => field.type === 'upload' || field.type === 'multi-upload';
const holdsNoValue = (field: ProfileField) => field.type === 'divider';

/** A value counts as given: text not blank, a number, a yes or no, at least one choice. */
export function hasValue(value: ProfileValue | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  return value.length > 0;
}

/** A field is filled by its kind: an upload only by a file, a checkbox only when ticked. */
export function isFilled(field: ProfileField, situation: Pick<ProfileSituation, 'values' | 'uploads'>): boolean {
  if (isUpload(field)) return (situation.uploads[field.id] ?? 0) > 0;
  const value = situation.values[field.id];
  if (field.type === 'checkbox') return value === true;
  return hasValue(value);
}

function sameValue(a: ProfileValue, b: ProfileValue): boolean {
  if (Array.isArray(a))
    return Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a.includes(String(b));
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '') return a === Number(b);
  if (typeof a === 'string' && typeof b === 'number' && a.trim() !== '') return Number(a) === b;
  return String(a) === String(b);
}

/** Numbers compare as numbers, everything else (ISO dates among it) as text. */
function order(a: ProfileValue, b: ProfileValue): number | null {
  if (Array.isArray(a) || Array.isArray(b)) return null;
  const x = Number(a);
  const y = Number(b);
  if (typeof a !== 'boolean' && typeof b !== 'boolean' && String(a).trim() !== '' && String(b).trim() !== '') {
    if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  }
  return String(a).localeCompare(String(b));
}

/**
 * Whether a condition on another field holds. A missing value is neither less nor greater than anything and is in
 * no list; "not equal" and "not in" hold for it.
 */
export function conditionHolds(
  condition: ProfileCondition,
  values: ProfileValues,
  nationality?: string | null,
): boolean {
  const value = values[condition.field];
  const given = hasValue(value);
  const expected = condition.value;
  switch (condition.op) {
    case 'exists':
      return given;
    case 'empty':
      return !given;
    case 'equal':
      return given && expected !== undefined && sameValue(value as ProfileValue, expected);
    case 'not_equal':
      return !(given && expected !== undefined && sameValue(value as ProfileValue, expected));
    case 'in':
    case 'not_in': {
      const list = Array.isArray(expected) ? expected : expected === undefined ? [] : [String(expected)];
      const mine = Array.isArray(value) ? value : given ? [String(value)] : [];
      const inside = mine.some((v) => list.includes(v));
      return condition.op === 'in' ? inside : !inside;
    }
    case 'after_brexit':
      return (
        (nationality ?? '').trim().toLowerCase() === BREXIT.nationality &&
        given &&
        typeof value === 'string' &&
        value >= BREXIT.from
      );
    default: {
      if (!given || expected === undefined) return false;
      const c = order(value as ProfileValue, expected);
      if (c === null) return false;
      if (condition.op === 'less') return c < 0;
      if (condition.op === 'greater') return c > 0;
      if (condition.op === 'less_or_equal') return c <= 0;
      return c >= 0;
    }
  }
}

/** The member's nationality as the template holds it (the field mapped to the member's `nationality`). */
function nationalityOf(template: ProfileTemplate, values: ProfileValues): string | null {
  for (const section of template.sections)
    for (const field of section.fields)
      if (field.key === 'nationality') {
        const v = values[field.id];
        return typeof v === 'string' ? v : null;
      }
  return null;
}

/** Every field's state for this viewer, in template order. */
export function profileFieldStates(template: ProfileTemplate, situation: ProfileSituation): ProfileFieldState[] {
  const nationality = nationalityOf(template, situation.values);
  const holds = (c: ProfileCondition) => conditionHolds(c, situation.values, nationality);
  const employee = situation.viewer === 'employee';
  const states: ProfileFieldState[] = [];
  for (const section of template.sections)
    for (const field of section.fields) {
      const visible = !section.hidden && (!employee || field.rights.read) && (field.if === null || holds(field.if));
      const fillable = !holdsNoValue(field) && field.type !== 'auto';
      const required =
        visible &&
        fillable &&
        (field.required[situation.viewer] ||
          (field.requiredIf?.[situation.viewer] === true && holds(field.requiredIf)));
      const filled = isFilled(field, situation);
      let disabled = !fillable || (field.key !== null && PROFILE_IDENTITY_KEYS.has(field.key));
      if (employee) {
        if (filled ? !field.rights.update : !field.rights.create) disabled = true;
        if (situation.locked && field.personal) disabled = true;
        if (field.key !== null && FIXED_ONCE_SET.has(field.key) && filled) disabled = true;
      } else {
        if (!situation.mayEdit) disabled = true;
      }
      states.push({ id: field.id, visible, required, disabled, missing: required && !filled });
    }
  return states;
}

/**
 * Whether a file may be sent to this upload field now: it is open to the viewer (read and create or update rights,
 * not locked, a section shown) as if its display condition held. A file goes the moment it is chosen, while the answer
 * that makes the condition hold ("handles food: yes") is still typed and unsaved; and that answer cannot be saved
 * before the file is there when it also makes the upload required. The condition decides what the form shows and
 * asks, not which of the member's own fields may hold a file.
 */
export function uploadFieldOpen(template: ProfileTemplate, situation: ProfileSituation, fieldId: string): boolean {
  const unconditional: ProfileTemplate = {
    sections: template.sections.map((section) => ({
      ...section,
      fields: section.fields.map((f) => (f.id === fieldId ? { ...f, if: null } : f)),
    })),
  };
  const field = templateFieldById(template, fieldId);
  if (!field || !isUpload(field)) return false;
  const state = profileFieldStates(unconditional, situation).find((s) => s.id === fieldId);
  return state?.visible === true && !state.disabled;
}

function templateFieldById(template: ProfileTemplate, id: string): ProfileField | undefined {
  for (const section of template.sections) for (const field of section.fields) if (field.id === id) return field;
  return undefined;
}

/** The ids of the fields that stop a save: required for this viewer, shown, and not filled. */
export function profileMissing(template: ProfileTemplate, situation: ProfileSituation): string[] {
  return profileFieldStates(template, situation)
    .filter((s) => s.missing)
    .map((s) => s.id);
}

/** "2024-02-29" is a date, "2023-02-29" is not (Date would roll it over into March). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export type ProfileValueProblem = 'invalid' | 'notAnOption' | 'step';

/** What is wrong with one typed value for its field's kind, or null. Blank values are the required rule's concern. */
export function profileValueProblem(
  field: ProfileField,
  value: ProfileValue | null | undefined,
): ProfileValueProblem | null {
  if (!hasValue(value) || isUpload(field) || holdsNoValue(field)) return null;
  switch (field.type) {
    case 'email':
      return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : 'invalid';
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : 'invalid';
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) return 'invalid';
      if (field.step !== null) {
        const steps = n / field.step;
        if (Math.abs(steps - Math.round(steps)) > 1e-9) return 'step';
      }
      return null;
    }
    case 'checkbox':
    case 'yesno':
      return typeof value === 'boolean' ? null : 'invalid';
    case 'radio':
    case 'select': {
      const allowed = new Set(field.options.map((o) => o.value));
      const chosen = Array.isArray(value) ? value : [String(value)];
      return chosen.every((v) => allowed.has(v)) ? null : 'notAnOption';
    }
    default:
      if (typeof value !== 'string') return 'invalid';
      if (field.key === 'iban') return isValidIBAN(electronicFormatIBAN(value) ?? '') ? null : 'invalid';
      return null;
  }
}
