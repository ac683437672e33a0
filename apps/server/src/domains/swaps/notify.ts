import type { Locale, NotificationData, Role } from '@app/contracts';
import { canPlan } from '@app/domain';
import { eq } from 'drizzle-orm';
import { locations, membershipLocations, memberships } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { Command } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { planningReachOf } from '../members/scope';
import { notify } from '../notifications/service';
import type { ItemRow } from '../roster/present';
import { namesOf, type SwapRow } from './repo';

/**
 * Who hears what about an offer (docs/product/swaps.md), in the app, by mail and as a push per their settings,
 * written inside the change's command: colleagues who may take it when it is offered, planners when it waits for
 * them, the people involved when it is taken, decided, declined or withdrawn. Every change also tells open apps
 * (`SwapUpdated`) so rosters, the offers and the inbox read again.
 */

async function factsOf(command: Command, actor: Pick<Actor, 'accountId' | 'membershipId'>, item: ItemRow) {
  const [location] = await command.tx
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, item.locationId));
  const names = await namesOf(command.tx, actor.accountId, [actor.membershipId]);
  return {
    location: item.locationId,
    locationName: location?.name ?? '',
    date: item.date,
    item: item.id,
    by: names.get(actor.membershipId) ?? '',
  };
}

/** Announces a change of offers to the account's open apps. */
export function announceSwaps(command: Command, accountId: string, ids: string[]) {
  command.emit(`account.${accountId}`, 'SwapUpdated', { ids });
}

export async function tellOffered(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  offer: SwapRow,
  item: ItemRow,
  recipients: string[],
) {
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: 'swapOffered',
    recipients,
    actorMembershipId: actor.membershipId,
    data: { ...(await factsOf(command, actor, item)), swap: offer.id },
  });
}

/** The planners who may decide an offer of this planning: they plan and it lies within their restriction. */
async function plannersOf(command: Command, accountId: string, locationId: string): Promise<string[]> {
  const rows = await command.tx
    .select({ id: memberships.id, roles: memberships.roles, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.accountId, accountId));
  const held = await command.tx
    .select({ id: membershipLocations.membershipId })
    .from(membershipLocations)
    .where(eq(membershipLocations.locationId, locationId));
  const holds = new Set(held.map((h) => h.id));
  const reaching: string[] = [];
  for (const r of rows) {
    if (r.status !== 'active' || !canPlan(r.roles as Role[])) continue;
    if ((await planningReachOf(command.tx, { membershipId: r.id })).includes(locationId)) reaching.push(r.id);
  }
  // The planners of the planning itself; when none belongs to it, everyone who may decide.
  const own = reaching.filter((id) => holds.has(id));
  return own.length ? own : reaching;
}

export async function tellRequested(ctx: AppContext, command: Command, actor: Actor, offer: SwapRow, item: ItemRow) {
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: 'swapRequested',
    recipients: await plannersOf(command, actor.accountId, item.locationId),
    actorMembershipId: actor.membershipId,
    data: { ...(await factsOf(command, actor, item)), swap: offer.id },
  });
}

/** Tells the people involved what became of an offer; a planner's message goes into the mail. */
export async function tellAnswered(
  ctx: AppContext,
  command: Command,
  actor: Pick<Actor, 'accountId' | 'membershipId'>,
  input: {
    offer: SwapRow;
    item: ItemRow;
    outcome: NonNullable<NotificationData['outcome']>;
    recipients: (string | null)[];
    message?: string | null;
  },
) {
  const recipients = input.recipients.filter((r): r is string => Boolean(r));
  if (recipients.length === 0) return;
  const message = input.message?.trim() ?? '';
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: 'swapAnswered',
    recipients,
    actorMembershipId: actor.membershipId,
    data: {
      ...(await factsOf(command, actor, input.item)),
      swap: input.offer.id,
      outcome: input.outcome,
      ...(message ? { excerpt: message } : {}),
    },
    mailParams: (_id: string, _locale: Locale) => ({ message }),
  });
}
