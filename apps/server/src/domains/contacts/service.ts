import type { Contact, ContactsResponse } from '@app/contracts';
import { mayEditMembers, mayReadContacts } from '@app/domain';
import { and, asc, eq } from 'drizzle-orm';
import { locations, memberSettings, membershipLocations, memberships, users } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';

/**
 * The address book (module contacts): the account's active colleagues with their e-mail, phone numbers, job and
 * plannings, for members with the contacts.view right or everyone when the account made its contacts public.
 */
export async function listContacts(ctx: AppContext, actor: Actor): Promise<ContactsResponse> {
  const contactsPublic = actor.settings.contactsVisibility === 'public';
  requireAllowed(mayReadContacts(actor, contactsPublic));
  const rows = await ctx.db
    .select({
      membershipId: memberships.id,
      userId: users.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: memberships.phone,
      mobile: memberships.mobile,
      jobTitle: memberSettings.jobTitle,
      contactVisibility: memberSettings.contactVisibility,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(memberSettings, eq(memberSettings.membershipId, memberships.id))
    .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.status, 'active')));
  // By last name, then first name, as people read them (not by the database's byte order).
  rows.sort((a, b) => a.lname.localeCompare(b.lname) || a.fname.localeCompare(b.fname));
  const held = await ctx.db
    .select({ membershipId: membershipLocations.membershipId, name: locations.name })
    .from(membershipLocations)
    .innerJoin(locations, eq(locations.id, membershipLocations.locationId))
    .where(eq(locations.accountId, actor.accountId))
    .orderBy(asc(locations.name));
  const byMember = new Map<string, string[]>();
  for (const h of held) byMember.set(h.membershipId, [...(byMember.get(h.membershipId) ?? []), h.name]);
  // A colleague who keeps their details private shows name, job and plannings only; they themself and those who
  // manage the team (who see the details on the employee page anyway) read everything.
  const seesAll = mayEditMembers(actor);
  const contacts: Contact[] = rows.map(({ contactVisibility, ...r }) => {
    const hidden = contactVisibility === 'private' && !seesAll && r.membershipId !== actor.membershipId;
    return {
      ...r,
      ...(hidden ? { email: null, phone: null, mobile: null } : {}),
      hidden,
      jobTitle: r.jobTitle ?? null,
      locations: byMember.get(r.membershipId) ?? [],
    };
  });
  return { contacts };
}
