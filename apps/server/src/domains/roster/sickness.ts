import { SICK_PERCENTAGE_STEP } from '@app/contracts';
import { now, parseMoney } from '@app/domain';
import { eq } from 'drizzle-orm';
import { rosterItems } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { editItem } from './editing';

/**
 * Saves sickness on an assigned item: it needs times or a shift (ERR_TIME), a percentage from 0 to 100 in steps
 * of 5 (default 100) and a valid cost when one is given (ERR_COST). The payroll profile's sickness code is the
 * payroll module's: a code sent with the module off answers 403 MODULE_INACTIVE.
 */
export const setSick = (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { percentage?: number; cost?: string | number | null; code?: string | null },
) =>
  editItem(ctx, actor, id, async ({ tx, row }) => {
    const code = input.code?.trim() || null;
    if (code && !actor.modules.includes('payroll'))
      throw new AppError('MODULE_INACTIVE', { data: { module: 'payroll' } });
    if (!row.membershipId) throw new AppError('CONFLICT', {}, 'only an assigned item can be marked sick');
    if (row.fromMinutes === null && !row.shiftId) throw new AppError('ERR_TIME');
    const percentage = input.percentage ?? 100;
    if (
      !Number.isInteger(percentage) ||
      percentage < 0 ||
      percentage > 100 ||
      percentage % SICK_PERCENTAGE_STEP !== 0
    ) {
      throw new AppError('VALIDATION', { fields: { percentage: ['validation.percentage'] } }, 'invalid percentage');
    }
    const hasCost = input.cost !== undefined && input.cost !== null && input.cost !== '';
    const cost = hasCost ? parseMoney(input.cost) : null;
    if (hasCost && (cost === null || cost < 0)) throw new AppError('ERR_COST');
    const [updated] = await tx
      .update(rosterItems)
      .set({ flag: 'sick', sick: { percentage, cost, code }, updatedAt: now() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return { row: updated, action: 'sick' };
  });

export const removeSick = (ctx: AppContext, actor: Actor, id: string) =>
  editItem(ctx, actor, id, async ({ tx, row }) => {
    const [updated] = await tx
      .update(rosterItems)
      .set({ flag: row.flag === 'sick' ? null : row.flag, sick: null, updatedAt: now() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return { row: updated, action: 'sick.remove' };
  });

/** Removes one stored conflict code from an item; a code the item does not carry answers NOT_AVAILABLE. */
export const removeConflict = (ctx: AppContext, actor: Actor, id: string, conflict: string) =>
  editItem(ctx, actor, id, async ({ tx, row }) => {
    if (!row.conflicts.includes(conflict)) throw new AppError('NOT_AVAILABLE');
    const [updated] = await tx
      .update(rosterItems)
      .set({ conflicts: row.conflicts.filter((c) => c !== conflict), updatedAt: now() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return { row: updated, action: 'conflict.remove' };
  });
