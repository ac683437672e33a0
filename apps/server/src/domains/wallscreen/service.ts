import type { WallScreenView } from '@app/contracts';
import { isReleased, now, todayIn } from '@app/domain';
import { eq } from 'drizzle-orm';
import { locations, wallScreens } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { safeEqual, sha256 } from '../../platform/tokens';
import { accountOf } from '../accounts/service';
import { todayEntries } from '../today/entries';

/**
 * What a wall screen shows, opened by its secret instead of a session (docs/product/wall-screen.md): the planning's
 * duties of today once today is released, with full names as colleagues see them on the roster. A wrong secret, a
 * revoked or renewed address, or the dashboard module switched off all answer 404, alike.
 */
export async function readWallScreen(ctx: AppContext, id: string, token: string): Promise<WallScreenView> {
  const [row] = await ctx.db
    .select({ screen: wallScreens, location: locations })
    .from(wallScreens)
    .innerJoin(locations, eq(locations.id, wallScreens.locationId))
    .where(eq(wallScreens.id, id));
  if (!row || !safeEqual(sha256(token), row.screen.tokenHash)) throw new AppError('NOT_FOUND');
  const account = await accountOf(ctx.db, row.screen.accountId);
  if (!account.modules.includes('dashboard')) throw new AppError('NOT_FOUND');
  const { timeZone } = accountSettings(account.settings);
  const at = now();
  const date = todayIn(timeZone, at);
  const released = isReleased(date, row.location.releasedUntil);
  const entries = released
    ? await todayEntries(ctx.db, {
        accountId: account.id,
        locations: [row.location],
        date,
        at,
        checkinsOn: account.modules.includes('checkins'),
        nameOf: (person) => person.name,
      })
    : [];
  return { planning: row.location.name, date, now: at.toISOString(), timeZone, released, entries };
}
