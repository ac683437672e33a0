import type { Channel, ChatUser } from '@app/contracts';
import { formatDate, formatTime, formatWeekday, formatWeekdayDate } from '../../ui/format';

/** Up to two initials of a name ("Emma Employee" → "EE"). */
export function initials(name: string | null): string {
  // A name the planner restriction hides shows no initials.
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p[0]?.toUpperCase() ?? '').join('') || '?';
}

/** Shades dark enough for white initials and for names on a light bubble (WCAG AA). */
const COLORS = ['blue.9', 'teal.9', 'grape.9', 'gray.8', 'indigo.9', 'pink.9', 'cyan.9', 'violet.9', 'red.9'] as const;

/** A person's avatar colours: white initials on their dark shade. */
export function avatarStyles(id: string) {
  const [name, shade] = colorFor(id).split('.');
  return {
    placeholder: { color: 'var(--mantine-color-white)', background: `var(--mantine-color-${name}-${shade})` },
  };
}

/** A stable colour per person, so the same colleague looks the same everywhere. */
export function colorFor(id: string): (typeof COLORS)[number] {
  // FNV-1a: ids that differ in one character still land on different colours.
  let h = 0x811c9dc5;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return COLORS[h % COLORS.length];
}

/** The others of a channel (everyone but the member), in the channel's order. */
export const othersOf = (channel: Pick<Channel, 'participants'>, me: string): ChatUser[] =>
  channel.participants.filter((p) => p.id !== me);

/** A channel's title: a group's name, or the other person's name in a single chat. */
export function channelTitle(channel: Pick<Channel, 'type' | 'title' | 'participants'>, me: string, fallback: string) {
  if (channel.type === 'group') return channel.title ?? fallback;
  return othersOf(channel, me)[0]?.name ?? fallback;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const DAY = 24 * 60 * 60 * 1000;

/** Whole days between the instant's local day and today's (0 today, 1 yesterday). */
export function daysAgo(iso: string, today: Date = new Date()): number {
  return Math.round((startOfDay(today) - startOfDay(new Date(iso))) / DAY);
}

/** The time of a line: 14:05. */
export const clock = (iso: string, locale: string) => formatTime(iso, locale);

/** The list's time of a channel's last line: the time today, "yesterday", the weekday this week, else the date. */
export function listTime(iso: string, locale: string, yesterday: string): string {
  const ago = daysAgo(iso);
  if (ago <= 0) return clock(iso, locale);
  if (ago === 1) return yesterday;
  if (ago < 7) return formatWeekday(iso, locale);
  return formatDate(iso, locale);
}

/** A day separator of the conversation: today, yesterday, or the full date. */
export function dayLabel(iso: string, locale: string, words: { today: string; yesterday: string }): string {
  const ago = daysAgo(iso);
  if (ago <= 0) return words.today;
  if (ago === 1) return words.yesterday;
  return formatWeekdayDate(iso, locale, 'long');
}

/** The local day of an instant, to group lines under their separator. */
export const dayKey = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
};
