import { isReleased } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { membershipLocations, memberships, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { Command } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { notify } from '../notifications/service';

/**
 * What the roster tells its people, through the notifications domain (`notify`: in-app, e-mail, push per each
 * recipient's settings). Every function runs inside the change's command: the notifications and mails are written
 * in its transaction, so a crash right after the commit loses none of them (docs/architecture.md, "Commands").
 */

/** The acting member's name, as notifications say who did it. */
async function nameOf(tx: Tx, actor: Pick<Actor, 'userId'>): Promise<string> {
  const [u] = await tx
    .select({ fname: users.fname, lname: users.lname, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  return u ? [u.fname, u.lname].filter(Boolean).join(' ') || u.email : '';
}

/** Release tells every member of the location (`rosterReleased`); a revoke is a change told in its own words. */
export async function notifyPublication(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  input: {
    locationId: string;
    locationName: string;
    template: 'rosterReleased' | 'rosterRevoked';
    date: string;
  },
) {
  const members = await command.tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(and(eq(memberships.accountId, actor.accountId), eq(membershipLocations.locationId, input.locationId)));
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: input.template === 'rosterReleased' ? 'rosterReleased' : 'rosterChanged',
    mail: input.template,
    // Everyone of the location, the releasing planner too (their copy confirms what went out).
    recipients: members.map((m) => m.id),
    data: {
      location: input.locationId,
      locationName: input.locationName,
      date: input.date,
      by: await nameOf(command.tx, actor),
    },
  });
}

interface ItemFacts {
  id: string;
  date: string;
  locationId: string;
  membershipId: string | null;
}

/**
 * An item edit tells the members it concerns: the answer to a sign-out or an application always (they asked);
 * on a released day, being planned (`itemAssigned`), taken off (`itemRemoved`) or any other change of a duty they
 * hold (`rosterChanged`). Days not yet released tell nobody: members do not see them.
 */
export async function notifyItemChange(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  input: {
    action: string;
    before: ItemFacts | null;
    after: ItemFacts | null;
    location: { name: string; releasedUntil: string | null };
    /** Applicants turned down by an application decision: the denied one, or the others when one is accepted. */
    declined?: string[];
  },
) {
  const item = input.after ?? input.before;
  if (!item) return;
  const data = { location: item.locationId, locationName: input.location.name, date: item.date, item: item.id };
  const tell = async (
    event: 'itemAssigned' | 'itemRemoved' | 'rosterChanged' | 'signOutAnswered' | 'applicationAnswered',
    recipients: (string | null | undefined)[],
    extra: { accepted?: boolean } = {},
  ) => {
    const ids = recipients.filter((m): m is string => Boolean(m));
    if (ids.length === 0) return;
    await notify(ctx, command, {
      accountId: actor.accountId,
      event,
      recipients: ids,
      actorMembershipId: actor.membershipId,
      data: { ...data, ...extra, by: await nameOf(command.tx, actor) },
    });
  };
  const before = input.before?.membershipId ?? null;
  const after = input.after?.membershipId ?? null;
  switch (input.action) {
    case 'sign-out.confirm':
    case 'sign-out.deny':
      return tell('signOutAnswered', [before], { accepted: input.action === 'sign-out.confirm' });
    case 'application.accept':
      await tell('applicationAnswered', [after], { accepted: true });
      return tell('applicationAnswered', input.declined ?? [], { accepted: false });
    case 'application.deny':
      return tell('applicationAnswered', input.declined ?? [], { accepted: false });
  }
  if (!isReleased(item.date, input.location.releasedUntil)) return;
  if (before !== after) {
    await tell('itemAssigned', [after]);
    await tell('itemRemoved', [before]);
    return;
  }
  await tell('rosterChanged', [after]);
}
