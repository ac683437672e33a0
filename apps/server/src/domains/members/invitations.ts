import type { InviteRequest, InviteResponse, Locale } from '@app/contracts';
import { mayChangeMember, mayManageTeam } from '@app/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { membershipsEverywhere } from '../../db/across-accounts';
import type { DbOrTx, Tx } from '../../db/client';
import { locations, membershipLocations, memberships, users } from '../../db/schema';
import { assertIdsOfAccount, distinct, lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { MailRequest } from '../../platform/mail/mailer';
import { recordWebhooks } from '../api/events';
import { invitationMail } from '../auth/service';
import { assertPlanRoom, membershipInAccount } from './repo';

type Invite = z.output<typeof InviteRequest>;

async function inviterName(db: DbOrTx, actor: Actor): Promise<string> {
  const [u] = await db.select().from(users).where(eq(users.id, actor.userId));
  return [u?.fname, u?.lname].filter(Boolean).join(' ') || u?.email || '';
}

/**
 * Invites one or many people: each gets a user (or keeps the one they have when no account holds them), a
 * membership in the given plannings, and a mail in their language with a single-use link, all in one command: the
 * members and their mails commit together (a crash after the commit loses no invitation). All or nothing: an
 * address already in use (here or in another account: one address, one person; the answer does not say which) or
 * a full plan refuses the lot, naming the addresses.
 */
export async function invitePeople(ctx: AppContext, actor: Actor, input: Invite): Promise<InviteResponse> {
  requireAllowed(mayManageTeam(actor));
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const p of input.people) {
    const email = p.email.toLowerCase();
    if (seen.has(email)) duplicates.push(email);
    seen.add(email);
  }
  if (duplicates.length) throw new AppError('EMAIL_TAKEN', { data: { emails: duplicates, scope: 'list' } });
  // The account's language (general settings) for everyone the inviter gave none.
  const fallbackLocale: Locale = actor.settings.locale;
  const invited = await runCommand(ctx, actor, async (command) => {
    await lockAccount(command.tx, actor.accountId);
    const people = await invitePeopleWithin(command.tx, actor, input, fallbackLocale);
    await mailInvitations(ctx, command, actor, people);
    await recordWebhooks(
      ctx,
      command,
      actor.accountId,
      'member.created',
      people.map((p) => ({ id: p.id })),
    );
    return people;
  });
  return { invited };
}

/** Writes the invitations of people `invitePeopleWithin` created into the outbox, inside the same command. */
export async function mailInvitations(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  invited: { id: string }[],
): Promise<void> {
  if (invited.length === 0) return;
  const name = await inviterName(command.tx, actor);
  const mails: MailRequest[] = [];
  for (const person of invited) {
    mails.push(await invitationMail(ctx, command.tx, { membershipId: person.id, inviterName: name }));
  }
  await ctx.mailer.sendAll(command, mails);
}

/**
 * The invitations inside the caller's transaction (the account row locked): the setup wizard creates its people
 * with the rest of the setup. The caller writes their mails in the same command (`mailInvitations`).
 */
export async function invitePeopleWithin(
  tx: Tx,
  actor: Actor,
  input: Pick<Invite, 'people' | 'locationIds' | 'role'>,
  fallbackLocale: Locale,
): Promise<{ id: string; email: string }[]> {
  requireAllowed(mayManageTeam(actor));
  const seen = new Set<string>(input.people.map((p) => p.email.toLowerCase()));
  const locationIds = distinct(input.locationIds);
  await assertIdsOfAccount(tx, locations, actor.accountId, locationIds, 'locationIds');
  const emails = [...seen];
  const existing = await tx
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  // Other accounts' memberships are hidden by row-level security: this one fact is read across accounts.
  const held = (
    await membershipsEverywhere(
      tx,
      existing.map((u) => u.id),
    )
  ).filter((m) => m.status !== 'deleted');
  const taken = existing.filter((u) => held.some((h) => h.userId === u.id));
  // One answer whether the person is of this account or another: an inviter never learns where someone works.
  if (taken.length) throw new AppError('EMAIL_TAKEN', { data: { emails: taken.map((u) => u.email) } });
  await assertPlanRoom(tx, actor.accountId, input.people.length);
  const out: { id: string; email: string }[] = [];
  for (const p of input.people) {
    const email = p.email.toLowerCase();
    let user = byEmail.get(email);
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({ email, fname: p.fname, lname: p.lname, locale: p.locale ?? fallbackLocale })
        .returning();
    } else {
      await tx
        .update(users)
        .set({ fname: p.fname, lname: p.lname, ...(p.locale ? { locale: p.locale } : {}) })
        .where(eq(users.id, user.id));
    }
    // A person deleted here before comes back on their old membership.
    const [membership] = await tx
      .insert(memberships)
      .values({ accountId: actor.accountId, userId: user.id, roles: [input.role], status: 'active', access: 'yes' })
      .onConflictDoUpdate({
        target: [memberships.accountId, memberships.userId],
        set: { status: 'active', roles: [input.role], rights: [] },
      })
      .returning();
    if (locationIds.length) {
      await tx
        .insert(membershipLocations)
        .values(locationIds.map((locationId) => ({ membershipId: membership.id, locationId })))
        .onConflictDoNothing();
    }
    await recordActivity(tx, actor, {
      entity: 'member',
      entityId: membership.id,
      action: 'invite',
      after: { email },
    });
    out.push({ id: membership.id, email });
  }
  return out;
}

/** Sends the invitation again (a new link voids the old one): only while the person has not registered. */
export async function resendInvitation(ctx: AppContext, actor: Actor, membershipId: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const membership = await membershipInAccount(command.tx, actor.accountId, membershipId);
    requireAllowed(mayChangeMember(actor, membership));
    const [user] = await command.tx.select().from(users).where(eq(users.id, membership.userId));
    if (user?.passwordHash) throw new AppError('ALREADY_REGISTERED');
    if (membership.status !== 'active') throw new AppError('CONFLICT', { data: { reason: 'inactive' } });
    await mailInvitations(ctx, command, actor, [membership]);
  });
}
