import { now } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { chatChannels, chatMessages, chatParticipants, chatStatuses, memberships, users } from '../db/schema';
import { type EmailOf, sampleEmail } from './people';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

interface SampleChannel {
  title: string | null;
  creator: string;
  people: string[];
  /** Lines: who (e-mail), minutes before now, text. Statuses of the last `unread` messages stay unread. */
  lines: [string, number, string][];
  unread: number;
}

const OWNER = 'owner@example.com';
const MANAGER = 'manager@example.com';
const PLANNER = 'planner@example.com';
const EMMA = 'employee@example.com';
const LEON = 'leon.fischer@example.com';
const MIA = 'mia.schneider@example.com';
const ANNA = 'anna.schmidt@example.com';
const SOPHIE = 'sophie.koch@example.com';
const JONAS = 'jonas.richter@example.com';
const MARIE = 'marie.klein@example.com';

const CHANNELS: SampleChannel[] = [
  {
    title: 'Headquarter team',
    creator: PLANNER,
    people: [PLANNER, MANAGER, EMMA, LEON, MIA, ANNA],
    lines: [
      [PLANNER, 3 * 24 * 60 + 40, 'Hi all, this group is for quick questions about the Headquarter roster.'],
      [MANAGER, 3 * 24 * 60 + 25, 'Great idea. Please post swaps here before you ask the planner directly.'],
      [MIA, 2 * 24 * 60 + 300, 'Can someone swap Saturday evening with me? I have an exam on Monday.'],
      [LEON, 2 * 24 * 60 + 280, 'I can take it if you take my Tuesday early shift.'],
      [MIA, 2 * 24 * 60 + 270, 'Deal, thank you Leon!'],
      [PLANNER, 2 * 24 * 60 + 200, 'Swap is in the roster now.'],
      [ANNA, 26 * 60, 'The new dishwasher arrives tomorrow at 8. Who opens the back door?'],
      [EMMA, 25 * 60, 'I am on the early shift, I will let them in.'],
      [MANAGER, 5 * 60, 'Reminder: staff meeting Thursday at 15:00 in the dining room.'],
      [PLANNER, 40, 'Next week’s roster is released. Please check your shifts.'],
    ],
    unread: 1,
  },
  {
    title: null,
    creator: EMMA,
    people: [EMMA, LEON],
    lines: [
      [EMMA, 6 * 60, 'Hey Leon, did you see where the spare bar keys went?'],
      [LEON, 5 * 60 + 50, 'In the office drawer, top left.'],
      [EMMA, 5 * 60 + 45, 'Found them, thanks!'],
    ],
    unread: 0,
  },
  {
    title: 'Café am Markt',
    creator: MANAGER,
    people: [MANAGER, SOPHIE, JONAS, MARIE],
    lines: [
      [MANAGER, 4 * 24 * 60, 'Welcome to the Café team chat.'],
      [SOPHIE, 3 * 24 * 60 + 100, 'The espresso machine needs descaling again.'],
      [MANAGER, 3 * 24 * 60 + 90, 'Technician is booked for Wednesday morning.'],
      [JONAS, 90, 'We are low on oat milk, can someone order more?'],
      [MARIE, 70, 'Ordered, it comes on Friday.'],
    ],
    unread: 1,
  },
  {
    title: null,
    creator: MANAGER,
    people: [MANAGER, PLANNER],
    lines: [
      [MANAGER, 2 * 60, 'Paula, can we add one more service shift on Saturday? There is a party of 30.'],
      [PLANNER, 100, 'Yes, I will open a duty and ask the team.'],
    ],
    unread: 0,
  },
  {
    title: null,
    creator: OWNER,
    people: [OWNER, MANAGER],
    lines: [[OWNER, 3 * 60, 'Max, please send me the sickness figures for last month when you have a minute.']],
    unread: 1,
  },
];

/** Believable chats of the Bistro's staff: team groups and one-to-one chats, mostly read, a few unread. */
export async function seedSampleChats(tx: Tx, accountId: string, emailOf: EmailOf = sampleEmail) {
  const emails = [...new Set(CHANNELS.flatMap((c) => c.people))];
  const sampleOf = new Map(emails.map((e) => [emailOf(e), e]));
  const rows = await tx
    .select({ id: memberships.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), inArray(users.email, [...sampleOf.keys()])));
  const idOf = new Map(rows.map((r) => [sampleOf.get(r.email) ?? r.email, r.id]));
  const at = now().getTime();
  for (const spec of CHANNELS) {
    const people = spec.people.map((e) => idOf.get(e)).filter((id): id is string => Boolean(id));
    const creator = idOf.get(spec.creator);
    if (!creator || people.length < 2) continue;
    const oldest = Math.max(...spec.lines.map((l) => l[1]));
    const created = new Date(at - oldest * MINUTE - HOUR);
    const last = new Date(at - Math.min(...spec.lines.map((l) => l[1])) * MINUTE);
    const [channel] = await tx
      .insert(chatChannels)
      .values({
        accountId,
        type: spec.title ? 'group' : 'single',
        title: spec.title,
        createdBy: creator,
        createdAt: created,
        lastUpdated: last,
      })
      .returning();
    await tx.insert(chatParticipants).values(
      people.map((id) => ({
        channelId: channel.id,
        membershipId: id,
        accountId,
        role: id === creator ? 'creator' : 'member',
        createdAt: created,
      })),
    );
    const system = [{ membershipId: creator, kind: 'created', createdAt: created }];
    if (spec.title)
      for (const id of people)
        if (id !== creator) system.push({ membershipId: id, kind: 'joined', createdAt: created });
    await tx.insert(chatMessages).values(system.map((s) => ({ accountId, channelId: channel.id, message: '', ...s })));
    const sorted = [...spec.lines].sort((a, b) => b[1] - a[1]);
    for (const [n, [email, minutesAgo, message]] of sorted.entries()) {
      const author = idOf.get(email);
      if (!author) continue;
      const createdAt = new Date(at - minutesAgo * MINUTE);
      const [line] = await tx
        .insert(chatMessages)
        .values({ accountId, channelId: channel.id, membershipId: author, kind: 'message', message, createdAt })
        .returning({ id: chatMessages.id });
      const unread = n >= sorted.length - spec.unread;
      const seen = new Date(createdAt.getTime() + 2 * MINUTE);
      await tx.insert(chatStatuses).values(
        people
          .filter((id) => id !== author)
          .map((id) => ({
            accountId,
            messageId: line.id,
            channelId: channel.id,
            membershipId: id,
            receivedAt: unread ? null : seen,
            readAt: unread ? null : seen,
          })),
      );
    }
  }
}
