import {
  CODE_TTL_MS,
  knownRights,
  type Locale,
  type MemberAccessUpdate,
  type MemberDetail,
  type MemberListItem,
  type MemberListResponse,
  type MemberProfileUpdate,
  type MemberSettings,
  type MemberState,
  type Role,
} from '@app/contracts';
import {
  changedIdentity,
  lockedOwnChanges,
  loginAccessRequired,
  mayChangeIdentity,
  mayChangeMember,
  mayChangeMemberAccess,
  mayDeleteMember,
  mayManageTeam,
  now,
  takesOutAccountHolder,
  todayIn,
} from '@app/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  costCentres,
  duties,
  locations,
  memberSettings,
  membershipCostCentres,
  membershipDuties,
  membershipLocations,
  memberships,
  membershipTags,
  rates,
  users,
} from '../../db/schema';
import { assertIdsOfAccount, distinct } from '../../platform/account-rows';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { gravatarHash } from './gravatar';
import { accountRow, membershipInAccount, memberTarget, weeklyContractMinutes } from './repo';
import { setMembershipStatus } from './service';
import { missingCounts } from './staff-file';

type Membership = typeof memberships.$inferSelect;
type User = typeof users.$inferSelect;

/** Where a member stands: inactive, invited (no password yet; expired once the last link ran out), or active. */
export function memberState(membership: Membership, user: User, at: Date = now()): MemberState {
  if (membership.status === 'inactive') return 'inactive';
  if (user.passwordHash) return 'active';
  if (membership.invitedAt && at.getTime() - membership.invitedAt.getTime() > CODE_TTL_MS.invitation) return 'expired';
  return 'invited';
}

function group<K, V>(rows: readonly V[], key: (v: V) => K, value: (v: V) => string): Map<K, string[]> {
  const out = new Map<K, string[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(value(r));
    else out.set(k, [value(r)]);
  }
  return out;
}

/** The team: every member who is not deleted, with their plannings, duties, tags and contract hours. */
export async function listMembers(ctx: AppContext, actor: Actor): Promise<MemberListResponse> {
  requireAllowed(mayManageTeam(actor));
  const db = ctx.db;
  const account = await accountRow(db, actor.accountId);
  const today = todayIn(accountSettings(account.settings).timeZone);
  const rows = await db
    .select({ membership: memberships, user: users, jobTitle: memberSettings.jobTitle })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(memberSettings, eq(memberSettings.membershipId, memberships.id))
    .where(and(eq(memberships.accountId, actor.accountId), ne(memberships.status, 'deleted')))
    .orderBy(asc(users.lname), asc(users.fname));
  // Links by a join on the account's memberships: hundreds of ids are not listed in a query.
  const inAccount = and(eq(memberships.accountId, actor.accountId), ne(memberships.status, 'deleted'));
  const locs = await db
    .select({ m: membershipLocations.membershipId, id: membershipLocations.locationId })
    .from(membershipLocations)
    .innerJoin(memberships, eq(memberships.id, membershipLocations.membershipId))
    .where(inAccount);
  const duts = await db
    .select({ m: membershipDuties.membershipId, id: membershipDuties.dutyId })
    .from(membershipDuties)
    .innerJoin(memberships, eq(memberships.id, membershipDuties.membershipId))
    .where(inAccount);
  const tgs = await db
    .select({ m: membershipTags.membershipId, id: membershipTags.tagId })
    .from(membershipTags)
    .innerJoin(memberships, eq(memberships.id, membershipTags.membershipId))
    .where(inAccount);
  const contracts = await weeklyContractMinutes(db, actor.accountId, today);
  const missing = await missingCounts(
    db,
    actor.accountId,
    rows.map((r) => ({ membership: r.membership, user: r.user })),
  );
  const byLoc = group(
    locs,
    (r) => r.m,
    (r) => r.id,
  );
  const byDuty = group(
    duts,
    (r) => r.m,
    (r) => r.id,
  );
  const byTag = group(
    tgs,
    (r) => r.m,
    (r) => r.id,
  );
  const at = now();
  const members: MemberListItem[] = rows.map(({ membership: m, user: u, jobTitle }) => ({
    id: m.id,
    fname: u.fname,
    lname: u.lname,
    email: u.email,
    gravatar: gravatarHash(u.email),
    roles: m.roles as Role[],
    state: memberState(m, u, at),
    access: m.access as MemberListItem['access'],
    employeeNumber: m.employeeNumber,
    jobTitle: jobTitle ?? null,
    hireDate: m.hireDate,
    locationIds: byLoc.get(m.id) ?? [],
    dutyIds: byDuty.get(m.id) ?? [],
    tagIds: byTag.get(m.id) ?? [],
    contractMinutes: contracts.get(m.id) ?? null,
    invitedAt: m.invitedAt?.toISOString() ?? null,
    profileMissing: missing.get(m.id) ?? 0,
  }));
  const counts = { active: 0, inactive: 0, invited: 0, max: account.maxEmployees };
  for (const m of members) {
    if (m.state === 'inactive') counts.inactive++;
    else {
      counts.active++;
      if (m.state !== 'active') counts.invited++;
    }
  }
  return { members, counts };
}

async function memberRows(db: DbOrTx, accountId: string, membershipId: string) {
  const membership = await membershipInAccount(db, accountId, membershipId);
  const [user] = await db.select().from(users).where(eq(users.id, membership.userId));
  const [settings] = await db.select().from(memberSettings).where(eq(memberSettings.membershipId, membership.id));
  return { membership, user, settings: settings ?? null };
}

async function detailOf(db: DbOrTx, actor: Actor, membershipId: string): Promise<MemberDetail> {
  const { membership: m, user: u, settings: s } = await memberRows(db, actor.accountId, membershipId);
  const target = await memberTarget(db, m);
  const costs = await db
    .select({ id: membershipCostCentres.costCentreId })
    .from(membershipCostCentres)
    .where(eq(membershipCostCentres.membershipId, m.id))
    .orderBy(asc(membershipCostCentres.costCentreId));
  return {
    id: m.id,
    userId: u.id,
    gravatar: gravatarHash(u.email),
    state: memberState(m, u),
    registered: Boolean(u.passwordHash),
    accountHolder: target.accountHolder,
    // The address stays once the person registered; while another account has them it is not ours either.
    emailLocked: Boolean(u.passwordHash) || target.identityShared,
    identityShared: target.identityShared,
    self: m.id === actor.membershipId,
    invitedAt: m.invitedAt?.toISOString() ?? null,
    profile: {
      salutation: m.salutation as MemberDetail['profile']['salutation'],
      title: m.title,
      fname: u.fname,
      lname: u.lname,
      email: u.email,
      locale: u.locale as Locale,
      birthday: m.birthday,
      employeeNumber: m.employeeNumber,
      vatId: m.vatId,
      about: m.about,
      internalNotes: m.internalNotes,
      internalNotesVisible: m.internalNotesVisible,
      jobTitle: s?.jobTitle ?? null,
      hireDate: m.hireDate,
      endDate: m.endDate,
      access: m.access as MemberDetail['profile']['access'],
      phone: m.phone,
      mobile: m.mobile,
      emergencyNumber: m.emergencyNumber,
      address: m.address,
      zip: m.zip,
      city: m.city,
      country: m.country,
      salaryKind: m.salaryKind as MemberDetail['profile']['salaryKind'],
      rateCents: m.rateCents,
      rateId: s?.rateId ?? null,
      iban: m.iban,
      bic: m.bic,
    },
    access: {
      roles: m.roles as Role[],
      rights: knownRights(m.rights),
      managerLimited: m.managerLimited,
      plannerRestricted: m.plannerRestricted,
      planningScope: (s?.planningScope ?? 'all') as MemberDetail['access']['planningScope'],
      scopeLocationIds: s?.scopeLocationIds ?? [],
      scopeDutyIds: s?.scopeDutyIds ?? [],
      contactVisibility: (s?.contactVisibility ?? 'public') as MemberDetail['access']['contactVisibility'],
    },
    costCentreIds: costs.map((c) => c.id),
    settings: { availability: m.availabilityFlag, balance: m.balanceFlag },
    profileMissing: (await missingCounts(db, actor.accountId, [{ membership: m, user: u }])).get(m.id) ?? 0,
  };
}

export async function getMember(ctx: AppContext, actor: Actor, membershipId: string): Promise<MemberDetail> {
  await membershipInAccount(ctx.db, actor.accountId, membershipId);
  requireAllowed(mayManageTeam(actor));
  return detailOf(ctx.db, actor, membershipId);
}

async function upsertSettings(
  tx: Tx,
  accountId: string,
  membershipId: string,
  patch: Partial<typeof memberSettings.$inferInsert>,
) {
  await tx
    .insert(memberSettings)
    .values({ membershipId, accountId, ...patch })
    .onConflictDoUpdate({ target: memberSettings.membershipId, set: patch });
}

/**
 * Personal data, job, login access, contact, salary and bank details. An owner's by owners only; the person's
 * identity (name, address, language) not while another account has them too (IDENTITY_SHARED); the address stays
 * once the person registered and is unique across accounts; one's own name and birthday stay once set; an owner
 * keeps login access.
 */
export async function updateMemberProfile(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: MemberProfileUpdate,
): Promise<MemberDetail> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const { membership: m, user: u, settings } = await memberRows(tx, actor.accountId, membershipId);
    const target = await memberTarget(tx, m);
    requireAllowed(mayChangeMember(actor, target));
    const identity = changedIdentity(u, input);
    if (identity.length && !mayChangeIdentity(actor, target))
      throw new AppError('IDENTITY_SHARED', { data: { fields: identity } });
    const fields: Record<string, string[]> = {};
    const emailChanged = identity.includes('email');
    if (emailChanged && u.passwordHash) fields.email = ['team.emailLocked'];
    if (m.id === actor.membershipId) {
      for (const f of lockedOwnChanges({ ...u, birthday: m.birthday }, input)) fields[f] = ['team.lockedOwn'];
    }
    if (loginAccessRequired(m.roles) && input.access !== 'yes') fields.access = ['team.ownerAccess'];
    if (input.rateId) {
      const [rate] = await tx
        .select({ id: rates.id })
        .from(rates)
        .where(and(eq(rates.id, input.rateId), eq(rates.accountId, actor.accountId)));
      if (!rate) fields.rateId = ['validation.unknownIds'];
    }
    if (Object.keys(fields).length) throw fieldError(fields);
    if (emailChanged) {
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, ne(users.id, u.id)));
      if (holder) throw new AppError('EMAIL_TAKEN', { data: { email: input.email } });
    }
    await tx
      .update(users)
      .set({ fname: input.fname, lname: input.lname, email: input.email.toLowerCase(), locale: input.locale })
      .where(eq(users.id, u.id));
    const before = { ...m, jobTitle: settings?.jobTitle ?? null };
    await tx
      .update(memberships)
      .set({
        salutation: input.salutation,
        title: input.title || null,
        birthday: input.birthday,
        employeeNumber: input.employeeNumber || null,
        vatId: input.vatId || null,
        about: input.about || null,
        internalNotes: input.internalNotes || null,
        internalNotesVisible: input.internalNotesVisible,
        hireDate: input.hireDate,
        endDate: input.endDate,
        access: input.access,
        phone: input.phone || null,
        mobile: input.mobile || null,
        emergencyNumber: input.emergencyNumber || null,
        address: input.address || null,
        zip: input.zip || null,
        city: input.city || null,
        country: input.country || null,
        salaryKind: input.salaryKind,
        rateCents: input.rateCents,
        iban: input.iban || null,
        bic: input.bic || null,
      })
      .where(eq(memberships.id, m.id));
    await upsertSettings(tx, actor.accountId, m.id, {
      jobTitle: input.jobTitle || null,
      ...(input.rateId === undefined ? {} : { rateId: input.rateId }),
    });
    // Bank details and salary are not written to the log: the log is readable by more people than payroll.
    await recordActivity(tx, actor, {
      entity: 'member',
      entityId: m.id,
      action: 'update',
      before: { fname: u.fname, lname: u.lname, email: u.email, access: before.access, jobTitle: before.jobTitle },
      after: {
        fname: input.fname,
        lname: input.lname,
        email: input.email,
        access: input.access,
        jobTitle: input.jobTitle,
      },
    });
    return detailOf(tx, actor, m.id);
  });
}

/**
 * Roles, rights and restrictions. Nobody changes their own; only owners change an owner's, make or unmake owners;
 * the account holder and the last owner stay owners; an owner has login access. The member's open apps reload to pick up the change.
 */
export async function updateMemberAccess(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: MemberAccessUpdate,
): Promise<MemberDetail> {
  const roles = distinct(input.roles) as Role[];
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const { membership: m } = await memberRows(tx, actor.accountId, membershipId);
    const target = await memberTarget(tx, m);
    requireAllowed(mayChangeMemberAccess(actor, target, roles));
    if (takesOutAccountHolder(target, { roles })) throw new AppError('ACCOUNT_HOLDER');
    await assertIdsOfAccount(tx, locations, actor.accountId, input.scopeLocationIds, 'scopeLocationIds');
    await assertIdsOfAccount(tx, duties, actor.accountId, input.scopeDutyIds, 'scopeDutyIds');
    if (m.roles.includes('owner') && !roles.includes('owner')) await assertAnotherOwner(tx, actor.accountId, m.id);
    await tx
      .update(memberships)
      .set({
        roles,
        rights: distinct(input.rights),
        managerLimited: input.managerLimited,
        plannerRestricted: input.plannerRestricted,
        ...(loginAccessRequired(roles) ? { access: 'yes' } : {}),
      })
      .where(eq(memberships.id, m.id));
    await upsertSettings(tx, actor.accountId, m.id, {
      planningScope: input.planningScope,
      scopeLocationIds: input.planningScope === 'some' ? distinct(input.scopeLocationIds) : [],
      scopeDutyIds: distinct(input.scopeDutyIds),
      ...(input.contactVisibility ? { contactVisibility: input.contactVisibility } : {}),
    });
    await recordActivity(tx, actor, {
      entity: 'memberAccess',
      entityId: m.id,
      action: 'update',
      before: { roles: m.roles, rights: m.rights },
      after: {
        roles,
        rights: input.rights,
        planningScope: input.planningScope,
        ...(input.contactVisibility ? { contactVisibility: input.contactVisibility } : {}),
      },
    });
    command.emit(`membership.${membershipId}`, 'Reinit', { reason: 'access' });
    return detailOf(tx, actor, m.id);
  });
}

async function assertAnotherOwner(tx: DbOrTx, accountId: string, membershipId: string) {
  const others = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.status, 'active'),
        ne(memberships.id, membershipId),
        sql`'owner' = any(${memberships.roles})`,
      ),
    )
    .limit(1);
  if (others.length === 0) throw new AppError('LAST_OWNER');
}

/** The cost centres a member books on; every id must be the account's. */
export async function setMemberCostCentres(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  costCentreIds: string[],
): Promise<MemberDetail> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const m = await membershipInAccount(tx, actor.accountId, membershipId);
    requireAllowed(mayChangeMember(actor, m));
    const ids = distinct(costCentreIds);
    await assertIdsOfAccount(tx, costCentres, actor.accountId, ids, 'costCentreIds');
    await tx.delete(membershipCostCentres).where(eq(membershipCostCentres.membershipId, m.id));
    if (ids.length)
      await tx.insert(membershipCostCentres).values(ids.map((costCentreId) => ({ membershipId: m.id, costCentreId })));
    return detailOf(tx, actor, m.id);
  });
}

/**
 * The member's settings: whether they enter their availability and keep a time-for-time balance. A change of the
 * member (`mayChangeMember`); the menu and the pages of the member follow at their next request.
 */
export async function updateMemberSettings(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: MemberSettings,
): Promise<MemberDetail> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const m = await membershipInAccount(tx, actor.accountId, membershipId);
    requireAllowed(mayChangeMember(actor, m));
    await tx
      .update(memberships)
      .set({ availabilityFlag: input.availability, balanceFlag: input.balance })
      .where(and(eq(memberships.id, m.id), eq(memberships.accountId, actor.accountId)));
    await recordActivity(tx, actor, {
      entity: 'member',
      entityId: m.id,
      action: 'update',
      before: { availability: m.availabilityFlag, balance: m.balanceFlag },
      after: input,
    });
    return detailOf(tx, actor, m.id);
  });
}

/**
 * Deletes a member (status deleted): never oneself, an owner by owners only, never the account holder, never the
 * last owner. Their sessions end; upcoming items they hold carry INVALID_USER.
 */
export async function deleteMember(ctx: AppContext, actor: Actor, membershipId: string): Promise<void> {
  const m = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  requireAllowed(mayDeleteMember(actor, { membershipId: m.id, roles: m.roles }));
  await setMembershipStatus(ctx, actor, m.id, 'deleted');
}
