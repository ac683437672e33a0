import { addDays, lineCost, now, todayIn, weekStart } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  costCentres,
  duties,
  hours,
  membershipDuties,
  membershipLocations,
  memberships,
  rosterItems,
  shifts,
} from '../db/schema';
import { costRules } from '../domains/hours/repo';
import { instantsOf } from '../domains/roster/checks';
import { holidayDatesBetween } from '../domains/settings/holidays';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DENIALS = [
  'You left at 17:00 according to the check-out list. Please correct the end.',
  'The break is missing: please add 30 minutes.',
  'This was a half day. Please check the times.',
];

/**
 * Two months of worked duties with hours in every state (docs/product/hours.md), before the week the sample roster
 * starts: the staff's past duties, most approved (older ones billed and paid, some signed), some denied with a message,
 * the last week's pending, and a few of every member's last duties still open to register. Written in batches.
 */
export async function seedSampleHours(tx: Tx, accountId: string, timeZone: string) {
  const rnd = random(20261125);
  const today = todayIn(timeZone);
  const end = addDays(weekStart(today, 'monday'), -1);
  const start = addDays(end, -62);
  const staff = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active')));
  const workers = staff.filter(
    (m) => m.roles.includes('user') || m.roles.includes('freelancer') || m.roles.includes('supervisor'),
  );
  const approver = staff.find((m) => m.roles.includes('supervisor')) ?? staff.find((m) => m.roles.includes('owner'));
  const ids = workers.map((m) => m.id);
  const locLinks = await tx.select().from(membershipLocations).where(inArray(membershipLocations.membershipId, ids));
  const dutyLinks = await tx.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, ids));
  const shiftRows = await tx.select().from(shifts).where(eq(shifts.accountId, accountId));
  const dutyRows = await tx.select().from(duties).where(eq(duties.accountId, accountId));
  const [centre] = await tx
    .select()
    .from(costCentres)
    .where(and(eq(costCentres.accountId, accountId), eq(costCentres.isDefault, true)));
  const rules = await costRules(tx, accountId);
  const holidays = await holidayDatesBetween(tx, accountId, start, addDays(end, 1));

  const items: (typeof rosterItems.$inferInsert)[] = [];
  for (const m of workers) {
    const location = locLinks.find((l) => l.membershipId === m.id)?.locationId;
    const dutyId = dutyLinks.find((l) => l.membershipId === m.id)?.dutyId ?? null;
    if (!location) continue;
    for (let date = start; date <= end; date = addDays(date, 1)) {
      if (rnd() > 0.55) continue;
      const shift = shiftRows[Math.floor(rnd() * shiftRows.length)];
      const base = {
        accountId,
        locationId: location,
        date,
        membershipId: m.id,
        dutyId,
        shiftId: shift.id,
        fromMinutes: shift.startMinutes,
        untilMinutes: shift.endMinutes,
        breakMinutes: shift.breakMinutes,
        costCentreId: centre?.id ?? null,
      };
      items.push({ ...base, ...instantsOf(base, timeZone) });
    }
  }
  const inserted: (typeof rosterItems.$inferSelect)[] = [];
  for (let i = 0; i < items.length; i += 500)
    inserted.push(
      ...(await tx
        .insert(rosterItems)
        .values(items.slice(i, i + 500))
        .returning()),
    );

  const at = now();
  const lastWeek = addDays(end, -6);
  const twoWeeks = addDays(end, -13);
  const month = addDays(end, -29);
  const rows: (typeof hours.$inferInsert)[] = [];
  // Each member's last two duties stay open to register.
  const lastOf = new Map<string, string[]>();
  for (const item of [...inserted].sort((a, b) => b.date.localeCompare(a.date))) {
    const list = lastOf.get(item.membershipId as string) ?? [];
    if (list.length < 2) list.push(item.id);
    lastOf.set(item.membershipId as string, list);
  }
  const open = new Set([...lastOf.values()].flat());
  for (const item of inserted) {
    if (open.has(item.id)) continue;
    const member = workers.find((m) => m.id === item.membershipId);
    if (!member) continue;
    const roll = rnd();
    // Worked times: mostly as planned, sometimes a quarter of an hour longer.
    const until = ((item.untilMinutes as number) + (roll < 0.2 ? 15 : 0)) % 1440;
    const from = item.fromMinutes as number;
    const span = (until > from ? until : until + 1440) - from;
    const minutes = span - item.breakMinutes;
    const duty = dutyRows.find((d) => d.id === item.dutyId);
    const hourly = duty?.overrideRateCents ?? (member.salaryKind === 'fixed' ? null : member.rateCents);
    const costCents =
      hourly == null
        ? null
        : lineCost({
            date: item.date,
            from,
            until,
            breakMinutes: item.breakMinutes,
            hourlyCents: hourly,
            factor: rules.rates.find((r) => r.hourlyCents === hourly)?.factor ?? 100,
            holidays,
            premiums: rules.premiums,
          }).totalCents;
    let status: 'pending' | 'approved' | 'denied' = 'approved';
    if (item.date >= lastWeek) status = roll < 0.75 ? 'pending' : roll < 0.85 ? 'denied' : 'approved';
    else if (item.date >= twoWeeks) status = roll < 0.15 ? 'pending' : roll < 0.25 ? 'denied' : 'approved';
    else if (roll < 0.03) status = 'denied';
    const approved = status === 'approved';
    rows.push({
      accountId,
      membershipId: item.membershipId as string,
      itemId: item.id,
      locationId: item.locationId,
      dutyId: item.dutyId,
      date: item.date,
      fromMinutes: from,
      untilMinutes: until,
      breakMinutes: item.breakMinutes,
      minutes,
      costCentreId: item.costCentreId,
      comment: roll < 0.2 ? 'Stayed longer to close' : '',
      status,
      denialMessage: status === 'denied' ? DENIALS[Math.floor(rnd() * DENIALS.length)] : null,
      deniedAt: status === 'denied' ? at : null,
      deniedBy: status === 'denied' ? (approver?.id ?? null) : null,
      expensesCents: rnd() < 0.08 ? 450 + Math.floor(rnd() * 20) * 50 : null,
      ...(rnd() < 0.06 ? { travelKm: 5 + Math.floor(rnd() * 40), travelRole: 'driver', kmCompensationCents: 30 } : {}),
      costCents,
      tagIds: item.tagIds ?? [],
      billed: approved && item.date < twoWeeks,
      paid: approved && item.date < month,
      approvedAt: approved ? at : null,
      approvedBy: approved ? (approver?.id ?? null) : null,
      signeeName: null,
      createdBy: item.membershipId,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(hours).values(rows.slice(i, i + 1000));
  return { items: inserted.length, hours: rows.length };
}
