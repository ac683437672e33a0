import type { Locale } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { membershipLocations, memberships, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { MailTemplate } from '../../platform/mail/catalog';
import { formatMailDate } from '../../platform/mail/format';

interface Recipient {
  membershipId: string;
  email: string;
  locale: Locale;
  name: string;
}

async function recipients(
  ctx: AppContext,
  accountId: string,
  where: { locationId?: string; membershipIds?: string[] },
) {
  const base = ctx.db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId));
  const rows = where.locationId
    ? await base
        .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
        .where(and(eq(memberships.accountId, accountId), eq(membershipLocations.locationId, where.locationId)))
    : await base.where(and(eq(memberships.accountId, accountId), inArray(memberships.id, where.membershipIds ?? [])));
  return rows
    .filter((r) => r.membership.status === 'active' && r.membership.access !== 'no' && r.user.emailConfirmedAt)
    .map(
      (r): Recipient => ({
        membershipId: r.membership.id,
        email: r.user.email,
        locale: r.user.locale as Locale,
        name: [r.user.fname, r.user.lname].filter(Boolean).join(' ') || r.user.email,
      }),
    );
}

async function mailAll(
  ctx: AppContext,
  accountId: string,
  people: Recipient[],
  template: MailTemplate,
  params: Record<string, string>,
) {
  // One write for everyone: the request does not wait for delivery (a job sends them).
  await ctx.mailer.sendAll(
    ctx.db,
    people.map((p) => ({
      to: p.email,
      locale: p.locale,
      accountId,
      template,
      params: {
        ...params,
        // Dates read as the recipient writes them, in their language.
        ...(params.date ? { date: formatMailDate(params.date, p.locale) } : {}),
        name: p.name,
        link: `${ctx.config.publicUrl}${localizedPath('roster', p.locale)}`,
      },
    })),
  );
}

/** Release and revoke tell every member of the location by e-mail. */
export async function notifyPublication(
  ctx: AppContext,
  input: {
    accountId: string;
    locationId: string;
    locationName: string;
    template: 'rosterReleased' | 'rosterRevoked';
    date: string;
  },
) {
  const people = await recipients(ctx, input.accountId, { locationId: input.locationId });
  await mailAll(ctx, input.accountId, people, input.template, { location: input.locationName, date: input.date });
}

/** A change to a released item tells the members it concerns: realtime to their open apps, and an e-mail. */
export async function notifyReleasedChange(
  ctx: AppContext,
  input: { accountId: string; membershipIds: string[]; locationName: string; date: string; itemId: string },
) {
  if (input.membershipIds.length === 0) return;
  for (const id of input.membershipIds) {
    ctx.realtime.emit(`notification.${id}`, 'RosterChanged', { item: input.itemId, date: input.date });
  }
  const people = await recipients(ctx, input.accountId, { membershipIds: input.membershipIds });
  await mailAll(ctx, input.accountId, people, 'rosterChanged', { location: input.locationName, date: input.date });
}
