import type {
  ProfileField,
  ProfileTemplate,
  ProfileUpdate,
  ProfileValue,
  ProfileView,
  UploadEntry,
} from '@app/contracts';
import {
  mayChangeMember,
  mayManageProfileTemplate,
  now,
  type ProfileSituation,
  type ProfileViewer,
  profileFieldStates,
  profileMissing,
  profileValueProblem,
  profileViewerOf,
  templateFields,
  templateProblems,
  uploadFieldOpen,
} from '@app/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, profileTemplates, profileValues, uploads as uploadsTable, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { membershipInAccount } from '../members/repo';
import { requireMemberInScope } from '../members/scope';
import { columnOf, type MemberColumn, profileValuesOf, templateOf } from '../members/staff-file';
import { linkSecret, visibleFiles } from './files';

/**
 * Staff files: the account's profile template and each member's answers (docs/product/profiles.md). The rules of
 * who sees, must fill and may change a field are the domain's (`profileFieldStates`); this reads and writes.
 */

export async function readTemplate(ctx: AppContext, actor: Actor): Promise<ProfileTemplate> {
  requireAllowed(mayManageProfileTemplate(actor));
  return templateOf(ctx.db, actor.accountId);
}

export async function saveTemplate(ctx: AppContext, actor: Actor, template: ProfileTemplate): Promise<ProfileTemplate> {
  requireAllowed(mayManageProfileTemplate(actor));
  const problems = templateProblems(template);
  if (Object.keys(problems).length)
    throw fieldError(Object.fromEntries(Object.entries(problems).map(([path, key]) => [path, [key]])));
  return runCommand(ctx, actor, async ({ tx }) => {
    const before = await templateOf(tx, actor.accountId);
    await tx
      .insert(profileTemplates)
      .values({ accountId: actor.accountId, template })
      .onConflictDoUpdate({ target: profileTemplates.accountId, set: { template, updatedAt: now() } });
    await recordActivity(tx, actor, { entity: 'profileTemplate', action: 'update', before, after: template });
    return template;
  });
}

interface Loaded {
  view: ProfileView;
  situation: ProfileSituation;
  userId: string;
  stored: Record<string, ProfileValue>;
}

const isUploadField = (f: ProfileField) => f.type === 'upload' || f.type === 'multi-upload';

/** The member's profile as this actor meets it: 404 for another account's member, 403 without a way in. */
async function loadProfile(
  db: DbOrTx,
  actor: Actor,
  membershipId: string,
  /** Signs the files' links; without it the files are counted, not listed. */
  secret: string | null,
): Promise<Loaded> {
  const m = await membershipInAccount(db, actor.accountId, membershipId);
  const viewer = profileViewerOf(actor, m.id);
  requireAllowed(viewer !== null);
  if (viewer === 'employer') await requireMemberInScope(db, actor, m.id);
  const mayEdit = viewer === 'employee' || mayChangeMember(actor, { roles: m.roles });
  const template = await templateOf(db, actor.accountId);
  const [user] = await db
    .select({ fname: users.fname, lname: users.lname, email: users.email })
    .from(users)
    .where(eq(users.id, m.userId));
  const [own] = await db.select().from(profileValues).where(eq(profileValues.membershipId, m.id));
  const stored = own?.values ?? {};
  const values = profileValuesOf(template, viewer as ProfileViewer, m, user, stored);
  // A required upload counts by the files there (whoever may see them); the viewer gets the ones they may see.
  const uploadIds = templateFields(template)
    .filter(isUploadField)
    .map((f) => f.id);
  const uploads: Record<string, number> = {};
  const files: Record<string, UploadEntry[]> = {};
  if (uploadIds.length) {
    const counted = await db
      .select({ key: uploadsTable.key, n: count() })
      .from(uploadsTable)
      .where(and(eq(uploadsTable.membershipId, m.id), inArray(uploadsTable.key, uploadIds)))
      .groupBy(uploadsTable.key);
    for (const row of counted) uploads[row.key] = row.n;
    if (secret !== null)
      for (const entry of await visibleFiles(db, actor, secret, m.id, inArray(uploadsTable.key, uploadIds)))
        if (entry.key in values) files[entry.key] = [...(files[entry.key] ?? []), entry];
  }
  const situation: ProfileSituation = {
    viewer: viewer as 'employee' | 'employer',
    values,
    uploads,
    locked: m.locked,
    mayEdit,
  };
  return {
    view: { membershipId: m.id, viewer: situation.viewer, template, values, uploads, files, locked: m.locked, mayEdit },
    situation,
    userId: m.userId,
    stored,
  };
}

export async function readProfile(ctx: AppContext, actor: Actor, membershipId: string): Promise<ProfileView> {
  return (await loadProfile(ctx.db, actor, membershipId, await linkSecret(ctx))).view;
}

const blank = (v: ProfileValue | null | undefined) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const same = (a: ProfileValue | null | undefined, b: ProfileValue | null | undefined) =>
  (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * A save: every changed field must be shown and open to this viewer and hold a value of its kind; afterwards no
 * field this viewer must fill may be empty. Each refusal names its field (422).
 */
export async function saveProfile(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: ProfileUpdate,
): Promise<ProfileView> {
  const secret = await linkSecret(ctx);
  return runCommand(ctx, actor, async ({ tx }) => {
    const { view, situation, stored } = await loadProfile(tx, actor, membershipId, secret);
    requireAllowed(view.mayEdit);
    const byId = new Map(templateFields(view.template).map((f) => [f.id, f]));
    const candidate = { ...view.values };
    for (const [id, value] of Object.entries(input.values)) if (byId.has(id)) candidate[id] = value;
    const before = new Map(profileFieldStates(view.template, situation).map((s) => [s.id, s]));
    const after = new Map(profileFieldStates(view.template, { ...situation, values: candidate }).map((s) => [s.id, s]));
    const errors: Record<string, string[]> = {};
    const changed: string[] = [];
    for (const [id, value] of Object.entries(input.values)) {
      const field = byId.get(id);
      if (!field || !(id in view.values)) {
        errors[id] = ['profileForm.unknownField'];
        continue;
      }
      if (same(view.values[id], value)) continue;
      if (!after.get(id)?.visible || before.get(id)?.disabled) {
        errors[id] = ['profileForm.notEditable'];
        continue;
      }
      const problem = profileValueProblem(field, value);
      if (problem) {
        errors[id] = [`profileForm.${problem}`];
        continue;
      }
      changed.push(id);
    }
    for (const id of profileMissing(view.template, { ...situation, values: candidate }))
      errors[id] ??= ['validation.required'];
    if (Object.keys(errors).length) throw fieldError(errors);
    if (changed.length === 0) return view;

    const columns: Partial<Record<MemberColumn, string | null>> = {};
    const own = { ...stored };
    for (const id of changed) {
      const field = byId.get(id);
      if (!field) continue;
      const value = input.values[id] ?? null;
      const column = columnOf(field.key);
      if (column) columns[column] = blank(value) ? null : String(value).trim();
      else if (blank(value)) delete own[id];
      else own[id] = typeof value === 'string' ? value.trim() : (value as ProfileValue);
    }
    if (Object.keys(columns).length)
      await tx.update(memberships).set(columns).where(eq(memberships.id, view.membershipId));
    await tx
      .insert(profileValues)
      .values({ membershipId: view.membershipId, accountId: actor.accountId, values: own })
      .onConflictDoUpdate({ target: profileValues.membershipId, set: { values: own, updatedAt: now() } });
    await recordActivity(tx, actor, {
      entity: 'profile',
      entityId: view.membershipId,
      action: 'update',
      // Which fields changed, never their values: a file holds bank and tax data.
      after: { fields: changed },
    });
    return (await loadProfile(tx, actor, membershipId, secret)).view;
  });
}

/**
 * The upload field a file is sent for, when this actor may put a file there now: the field is the template's,
 * of an upload kind, shown to the actor and open to them (the same states the staff file draws). Null when the key
 * names no upload field (it may name a folder); 403 when the field is there but closed to the actor.
 */
export async function uploadFieldFor(
  db: DbOrTx,
  actor: Actor,
  membershipId: string,
  key: string,
): Promise<ProfileField | null> {
  const template = await templateOf(db, actor.accountId);
  const field = templateFields(template).find((f) => f.id === key);
  if (!field || !isUploadField(field)) return null;
  const { view, situation } = await loadProfile(db, actor, membershipId, null);
  requireAllowed(view.mayEdit && key in view.values);
  // Its display condition aside: the answer that shows it may still be unsaved in the form (docs/product/profiles.md).
  requireAllowed(uploadFieldOpen(template, situation, key));
  return field;
}
