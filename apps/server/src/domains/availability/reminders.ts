import { AccountSettings, type Locale, type ModuleKey, type Role } from '@app/contracts';
import { addDays, availabilityDeadline, now as clockNow, effectiveRights, localizedPath } from '@app/domain';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { accounts, availability, availabilityDefaults, memberships, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { formatMailDate } from '../../platform/mail/format';
import type { MailRequest } from '../../platform/mail/mailer';

/** Mondays at 06:00 UTC: once a week, before the working day in Europe. */
export const AVAILABILITY_REMINDER_CRON = '0 6 * * 1';

/**
 * The weekly reminder before the weeks-ahead deadline runs out: in every account with the availability module and
 * a deadline, each active member who enters availability (the flag and the right), can sign in and has neither a
 * weekday default nor an entry for the week that starts at the deadline (those days close from tomorrow on, one a
 * day) gets a mail in their own language. Answers how many mails were queued.
 */
export async function remindAvailability(ctx: AppContext, at: Date = clockNow()): Promise<number> {
  const db = ctx.db;
  const rows = await db
    .select({ id: accounts.id, modules: accounts.modules, settings: accounts.settings })
    .from(accounts);
  const mails: MailRequest[] = [];
  for (const account of rows) {
    if (!(account.modules as ModuleKey[]).includes('availability')) continue;
    const settings = AccountSettings.parse(account.settings ?? {});
    if (settings.availabilityWeeksAhead <= 0) continue;
    const from = availabilityDeadline(settings.availabilityWeeksAhead, settings.timeZone, at);
    const until = addDays(from, 6);
    const people = await db
      .select({ membership: memberships, user: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.accountId, account.id),
          eq(memberships.status, 'active'),
          eq(memberships.availabilityFlag, true),
        ),
      );
    const candidates = people.filter(
      (p) =>
        p.membership.access !== 'no' &&
        p.user.emailConfirmedAt &&
        effectiveRights(p.membership.roles as Role[], p.membership.rights, p.membership.managerLimited).has(
          'availability.edit',
        ),
    );
    if (!candidates.length) continue;
    const ids = candidates.map((p) => p.membership.id);
    const [entered, withDefaults] = await Promise.all([
      db
        .selectDistinct({ id: availability.membershipId })
        .from(availability)
        .where(
          and(
            eq(availability.accountId, account.id),
            inArray(availability.membershipId, ids),
            gte(availability.date, from),
            lte(availability.date, until),
          ),
        ),
      db
        .selectDistinct({ id: availabilityDefaults.membershipId })
        .from(availabilityDefaults)
        .where(inArray(availabilityDefaults.membershipId, ids)),
    ]);
    const done = new Set([...entered, ...withDefaults].map((r) => r.id));
    for (const p of candidates) {
      if (done.has(p.membership.id)) continue;
      const locale = p.user.locale as Locale;
      mails.push({
        to: p.user.email,
        locale,
        accountId: account.id,
        template: 'availabilityReminder',
        params: {
          name: [p.user.fname, p.user.lname].filter(Boolean).join(' ') || p.user.email,
          from: formatMailDate(from, locale),
          until: formatMailDate(until, locale),
          weeks: String(settings.availabilityWeeksAhead),
          link: `${ctx.config.publicUrl}${localizedPath('availability', locale)}`,
        },
      });
    }
  }
  if (mails.length) await ctx.mailer.sendAll(db, mails);
  return mails.length;
}
