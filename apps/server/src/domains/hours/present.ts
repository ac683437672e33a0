import type { HoursLine } from '@app/contracts';
import { hoursAbilitiesOf, mayReadAllHours } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { lineState } from './access';
import { type HoursRow, hoursLines } from './repo';

/** Lines as a member reads them: with what they may do on each and the cost only where they may see it. */

export function withAbilities(actor: Actor, entries: { row: HoursRow; line: HoursLine }[]): HoursLine[] {
  return entries.map(({ row, line }) => {
    const can = hoursAbilitiesOf(actor, lineState(row));
    return {
      ...line,
      editable: can.edit,
      can,
      // Only supervisors, billers and the member themselves see the cost of a line.
      costCents: mayReadAllHours(actor) || row.membershipId === actor.membershipId ? line.costCents : null,
    };
  });
}

/** One line as the actor reads it (in the command's transaction when given its `tx`). */
export async function lineOf(db: DbOrTx, actor: Actor, id: string): Promise<HoursLine> {
  const entries = await hoursLines(db, {
    accountId: actor.accountId,
    from: '1950-01-01',
    until: '2100-12-31',
    locationIds: null,
    ids: [id],
  });
  return withAbilities(actor, entries)[0];
}
