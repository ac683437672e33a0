import type { CalendarResponse, LessonsResponse, ModuleKey } from '@app/contracts';
import { lessonVisible, monthGrid, now, todayIn } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { lessonViews } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { accountOf } from '../accounts/service';
import { readHolidays } from '../settings/holidays';
import { LESSONS, type LessonDef } from './catalog';

/** The account settings that are switched on, by key: lessons name them in `configs`. */
const configsOf = (settings: Record<string, unknown>) =>
  Object.entries(settings)
    .filter(([, v]) => v === true)
    .map(([k]) => k);

async function visibleLessons(ctx: AppContext, actor: Actor): Promise<LessonDef[]> {
  const account = await accountOf(ctx.db, actor.accountId);
  const facts = {
    demo: account.demo,
    modules: actor.modules as readonly ModuleKey[],
    configs: configsOf(accountSettings(account.settings) as Record<string, unknown>),
  };
  return LESSONS.filter((l) => lessonVisible(l, actor, facts));
}

/** GET /api/lessons: the lessons for this member (role, modules, config, demo), in their language, with viewed. */
export async function listLessons(ctx: AppContext, actor: Actor): Promise<LessonsResponse> {
  const lessons = await visibleLessons(ctx, actor);
  const viewed = await ctx.db
    .select({ id: lessonViews.lessonId })
    .from(lessonViews)
    .where(and(eq(lessonViews.accountId, actor.accountId), eq(lessonViews.membershipId, actor.membershipId)));
  const seen = new Set(viewed.map((v) => v.id));
  return {
    lessons: lessons
      .map((l) => ({
        id: l.id,
        name: l.name[actor.locale] ?? l.name.en,
        content: l.content[actor.locale] ?? l.content.en,
        links: l.links.map((k) => ({ route: k.route, label: k.label[actor.locale] ?? k.label.en })),
        viewed: seen.has(l.id),
        action: l.action,
        page: l.page,
        pages: l.pages,
        flags: l.flags,
        roles: l.roles,
        modules: l.modules,
        configs: l.configs,
        priority: l.priority,
      }))
      .sort((a, b) => a.priority - b.priority),
  };
}

/** PUT /api/lessons/{id}/view: the member saw the lesson. A lesson that is not theirs answers 404. */
export async function viewLesson(ctx: AppContext, actor: Actor, id: string) {
  const lessons = await visibleLessons(ctx, actor);
  if (!lessons.some((l) => l.id === id)) throw new AppError('NOT_FOUND');
  await runCommand(ctx, actor, ({ tx }) =>
    tx
      .insert(lessonViews)
      .values({ membershipId: actor.membershipId, accountId: actor.accountId, lessonId: id, viewedAt: now() })
      .onConflictDoNothing(),
  );
  return { ok: true as const };
}

const LOCALE_TAGS = { en: 'en-GB', de: 'de-DE', nl: 'nl-NL', pl: 'pl-PL' } as const;

/**
 * GET /api/calendar/{month}/{year} (docs/product/notifications.md): the month's headline in the member's language and
 * its grid of whole weeks (the account's week start, ISO week numbers), with the public and the company's own holidays.
 */
export async function calendarMonth(
  ctx: AppContext,
  actor: Actor,
  month: number,
  year: number,
): Promise<CalendarResponse> {
  const settings = actor.settings;
  const weekStart = settings.weekStartsOn;
  const weeks = monthGrid(year, month, weekStart);
  const years = [...new Set(weeks.flatMap((w) => w.days.map((d) => Number(d.date.slice(0, 4)))))];
  const holidays = new Map<string, string>();
  for (const y of years) {
    if (y < 1950 || y > 2050) continue;
    const read = await readHolidays(ctx, actor, y);
    for (const h of read.public) holidays.set(h.date, h.name);
    for (const h of read.own) holidays.set(h.date, h.name);
  }
  const today = todayIn(settings.timeZone, now());
  const headline = new Intl.DateTimeFormat(LOCALE_TAGS[actor.locale] ?? 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  return {
    headline,
    calendar: {
      month,
      year,
      weekStart,
      weeks: weeks.map((w) => ({
        week: w.week,
        days: w.days.map((d) => ({ ...d, today: d.date === today, holiday: holidays.get(d.date) ?? null })),
      })),
    },
  };
}
