import { type Member, memberHasRight, memberHasRole } from '../policies/member';
import { daySpan, itemSpan, overlaps, type Span } from '../roster/time';

/**
 * Who keeps the vehicles and equipment and puts them on the roster (docs/product/resources.md): the resources guard,
 * owner, manager or planner, or the user.edit right. The API, the menu and the pages ask this.
 */
export const mayManageResources = (member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>): boolean =>
  memberHasRole(member, 'owner', 'manager', 'planner') || memberHasRight(member, 'user.edit');

/** The conflict code of an item whose resource is also on another item at the same time. */
export const RESOURCE_CONFLICT = 'RESOURCE';

/** An item that carries a resource, as the double-booking rule sees it. */
export interface ResourcedItem {
  id: string;
  resourceId: string | null;
  date: string;
  /** Local minutes since midnight; null for an item without times (it holds the resource the whole day). */
  fromMinutes: number | null;
  untilMinutes: number | null;
  /** Driver or passenger of a project's ride (docs/product/resources.md, "Drivers and passengers"). */
  travelRole?: string | null;
}

/** The instants an item holds its resource: its times, or its whole day without them. */
export function resourceSpan(item: ResourcedItem, timeZone: string): Span {
  return item.fromMinutes !== null && item.untilMinutes !== null
    ? itemSpan(item.date, item.fromMinutes, item.untilMinutes, timeZone)
    : daySpan(item.date, timeZone);
}

/**
 * The items whose resource is double-booked: another item carries the same resource at an overlapping time (an
 * item without times holds it all day). Both items of such a pair are in the answer, as the roster warns on both.
 * One ride is no double booking: items with a travel role (driver or passenger) over the very same span share the
 * vehicle.
 */
export function doubleBookedItems(items: readonly ResourcedItem[], timeZone: string): Set<string> {
  const out = new Set<string>();
  const byResource = new Map<string, { id: string; span: Span; rides: boolean }[]>();
  for (const item of items) {
    if (!item.resourceId) continue;
    const list = byResource.get(item.resourceId) ?? [];
    list.push({ id: item.id, span: resourceSpan(item, timeZone), rides: Boolean(item.travelRole) });
    byResource.set(item.resourceId, list);
  }
  for (const list of byResource.values()) {
    list.sort((a, b) => a.span.start - b.span.start);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length && list[j].span.start < list[i].span.end; j++) {
        const a = list[i];
        const b = list[j];
        const oneRide = a.rides && b.rides && a.span.start === b.span.start && a.span.end === b.span.end;
        if (!oneRide && overlaps(a.span, b.span)) {
          out.add(list[i].id);
          out.add(list[j].id);
        }
      }
    }
  }
  return out;
}
