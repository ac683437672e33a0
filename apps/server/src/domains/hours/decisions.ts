import type { ApproveHoursRequest, HoursResponse, Signature } from '@app/contracts';
import { localizedPath, now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { hours } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import type { Command } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { formatMailDate } from '../../platform/mail/format';
import { recordWebhook } from '../api/events';
import { reachOf } from '../members/scope';
import { notify } from '../notifications/service';
import { requireHoursAbility, requireSupervisorReach, signatureRequired } from './access';
import { changeLine } from './change';
import type { HoursRow } from './repo';

/** The supervisor's decisions on one line: approve (signed where required), deny, reopen, sign, mark billed. */

export function signatureColumns(actor: Actor, signature: Signature | null | undefined, already: boolean) {
  if (signature) return { signature: signature.image, signeeName: signature.name, signedAt: now() };
  if (signatureRequired(actor) && !already) throw fieldError({ signature: ['validation.signatureRequired'] });
  return {};
}

export async function approve(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ApproveHoursRequest,
): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async (command, row) => {
    const { tx } = command;
    await requireSupervisorReach(tx, actor, row);
    requireHoursAbility(actor, row, 'approve');
    const at = now();
    const signed = signatureColumns(actor, input.signature, row.signature != null);
    await tx
      .update(hours)
      .set({ status: 'approved', approvedAt: at, approvedBy: actor.membershipId, updatedAt: at, ...signed })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'approve' });
    await recordWebhook(ctx, command, actor.accountId, 'hours.approved', {
      id,
      member: row.membershipId,
      date: row.date,
    });
  });
}

export async function deny(ctx: AppContext, actor: Actor, id: string, message: string): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async (command, row) => {
    const { tx } = command;
    await requireSupervisorReach(tx, actor, row);
    requireHoursAbility(actor, row, 'deny');
    const at = now();
    await tx
      .update(hours)
      .set({ status: 'denied', denialMessage: message, deniedAt: at, deniedBy: actor.membershipId, updatedAt: at })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'deny' });
    await notifyDenied(ctx, command, actor, [row], message);
  });
}

/**
 * Tells each member whose hours were denied (the "hours denied" notification: in the app, by mail in their language
 * with the supervisor's message and a link to the timesheet, by push, per their settings), in the denial's own
 * transaction: the notification and the mail stand or fall with it.
 */
export async function notifyDenied(ctx: AppContext, command: Command, actor: Actor, rows: HoursRow[], message: string) {
  for (const membershipId of new Set(rows.map((r) => r.membershipId))) {
    const theirs = rows.filter((r) => r.membershipId === membershipId);
    await notify(ctx, command, {
      accountId: actor.accountId,
      event: 'hoursDenied',
      recipients: [membershipId],
      actorMembershipId: actor.membershipId,
      data: { date: theirs[0].date },
      mailParams: (_id, locale) => ({
        date: theirs.map((r) => formatMailDate(r.date, locale)).join(', '),
        message,
        link: `${ctx.config.publicUrl}${localizedPath('timesheet', locale, { page: 'pending' })}`,
      }),
    });
  }
}

export async function reopen(ctx: AppContext, actor: Actor, id: string): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    await requireSupervisorReach(tx, actor, row);
    if (requireHoursAbility(actor, row, 'reopen') === 'unchanged') return;
    await tx
      .update(hours)
      .set({ status: 'pending', approvedAt: null, approvedBy: null, billed: false, updatedAt: now() })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'reopen' });
  });
}

export async function sign(ctx: AppContext, actor: Actor, id: string, signature: Signature): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    // The signature-only supervisor's one call (docs/product/hours.md); approved hours only.
    await requireSupervisorReach(tx, actor, row);
    requireHoursAbility(actor, row, 'sign');
    await tx
      .update(hours)
      .set({ signature: signature.image, signeeName: signature.name, signedAt: now(), updatedAt: now() })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'sign' });
  });
}

export async function setBilled(ctx: AppContext, actor: Actor, id: string, billed: boolean): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    const reach = await reachOf(tx, actor);
    if (reach && !reach.includes(row.locationId)) throw new AppError('FORBIDDEN');
    requireHoursAbility(actor, row, 'bill');
    await tx.update(hours).set({ billed, updatedAt: now() }).where(eq(hours.id, id));
  });
}
