import { z } from 'zod';
import { UploadEntry } from './documents';
import { Locale } from './enums';
import { line, matching, text } from './inputs';

/**
 * The profile template an account keeps for its staff files (docs/product/profiles.md): sections of fields, each
 * field with its kind, words per language, who must fill it, when it shows, and what the member may do with it.
 */

export const PROFILE_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'date',
  'number',
  'upload',
  'multi-upload',
  'checkbox',
  'auto',
  'radio',
  'yesno',
  'select',
  'divider',
] as const;
export const ProfileFieldType = z.enum(PROFILE_FIELD_TYPES);
export type ProfileFieldType = z.infer<typeof ProfileFieldType>;

export const PROFILE_CONDITION_OPS = [
  'equal',
  'not_equal',
  'less',
  'greater',
  'less_or_equal',
  'greater_or_equal',
  'in',
  'not_in',
  'exists',
  'empty',
  'after_brexit',
] as const;
export const ProfileConditionOp = z.enum(PROFILE_CONDITION_OPS);
export type ProfileConditionOp = z.infer<typeof ProfileConditionOp>;

/** A profile value as stored: text, a number, a yes/no, or several choices. */
export const ProfileValue = z.union([text(2000), z.number(), z.boolean(), z.array(line(200)).max(50)]);
export type ProfileValue = z.infer<typeof ProfileValue>;

/** A field's or section's id: letters, digits, "_" and "-" (conditions and values name fields by it). */
const FieldId = matching(/^[A-Za-z0-9_-]{1,64}$/);

/** "Show (or require) this when field X …": compares another field's value. */
export const ProfileCondition = z.object({
  field: FieldId,
  op: ProfileConditionOp,
  value: ProfileValue.optional(),
});
export type ProfileCondition = z.infer<typeof ProfileCondition>;

/** Who must fill the field: the employer (checked when a manager saves) and/or the employee (when they save). */
export const ProfileRequirement = z.object({ employer: z.boolean(), employee: z.boolean() });
export type ProfileRequirement = z.infer<typeof ProfileRequirement>;

/** Text per language; the account's language is the fallback. */
export const ProfileWords = z.partialRecord(Locale, text(500));
export type ProfileWords = z.infer<typeof ProfileWords>;

export const ProfileField = z.object({
  id: FieldId,
  type: ProfileFieldType,
  /** The member's own data this field shows and edits (address, iban, birthday…); absent for the account's own fields. */
  key: FieldId.nullable(),
  label: ProfileWords,
  description: ProfileWords,
  options: z.array(z.object({ value: line(100).min(1), label: ProfileWords })).max(200),
  default: ProfileValue.nullable(),
  step: z.number().positive().nullable(),
  width: z.enum(['full', 'half', 'third']),
  /** The field shows only while this holds. */
  if: ProfileCondition.nullable(),
  required: ProfileRequirement,
  /** Required also while this holds, for whom its flags say. */
  requiredIf: ProfileCondition.extend({ employer: z.boolean(), employee: z.boolean() }).nullable(),
  /** What the member may do with the field in their own profile. */
  rights: z.object({ read: z.boolean(), create: z.boolean(), update: z.boolean() }),
  /** Part of the personal data a manager can lock. */
  personal: z.boolean(),
});
export type ProfileField = z.infer<typeof ProfileField>;

export const ProfileSection = z.object({
  id: FieldId,
  name: ProfileWords,
  note: ProfileWords,
  hidden: z.boolean(),
  fields: z.array(ProfileField).max(200),
});
export type ProfileSection = z.infer<typeof ProfileSection>;

export const ProfileTemplate = z.object({ sections: z.array(ProfileSection).max(50) });
export type ProfileTemplate = z.infer<typeof ProfileTemplate>;

/** One member's profile as a viewer meets it: the template, the values they may read, and what the rules need. */
export const ProfileView = z.object({
  membershipId: z.string().uuid(),
  viewer: z.enum(['employee', 'employer']),
  template: ProfileTemplate,
  values: z.record(z.string(), ProfileValue.nullable()),
  uploads: z.record(z.string(), z.number().int().nonnegative()),
  /** The files of each upload field, by field id. */
  files: z.record(z.string(), z.array(UploadEntry)),
  locked: z.boolean(),
  mayEdit: z.boolean(),
});
export type ProfileView = z.infer<typeof ProfileView>;

/** A save: the values by field id; a field left out keeps its value, null clears it. */
export const ProfileUpdate = z.object({ values: z.record(FieldId, ProfileValue.nullable()) });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
