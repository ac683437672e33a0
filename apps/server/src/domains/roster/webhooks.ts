import { inArray } from 'drizzle-orm';
import { rosterItems } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { Command } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { recordWebhooks } from '../api/events';
import type { ItemRow } from './present';

const ref = (r: Pick<ItemRow, 'id' | 'locationId' | 'date'>) => ({ id: r.id, location: r.locationId, date: r.date });

/**
 * The item events of a write that touched many items at once (bulk actions, copying a week, a preset): integrations
 * hear of each item as they hear of a single edit (docs/product/api.md). Deleted items are given as they were.
 */
export async function recordItemWebhooks(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  items: { created: string[]; changed: string[]; deleted: Pick<ItemRow, 'id' | 'locationId' | 'date'>[] },
): Promise<void> {
  const ids = [...items.created, ...items.changed];
  const rows = ids.length
    ? await command.tx
        .select({ id: rosterItems.id, locationId: rosterItems.locationId, date: rosterItems.date })
        .from(rosterItems)
        .where(inArray(rosterItems.id, ids))
    : [];
  const of = (list: string[]) => rows.filter((r) => list.includes(r.id)).map(ref);
  await recordWebhooks(ctx, command, actor.accountId, 'item.created', of(items.created));
  await recordWebhooks(ctx, command, actor.accountId, 'item.changed', of(items.changed));
  await recordWebhooks(ctx, command, actor.accountId, 'item.deleted', items.deleted.map(ref));
}
