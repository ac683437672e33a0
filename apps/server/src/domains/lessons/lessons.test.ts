import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { type RosterTest, setUpRoster } from '../roster/testkit';
import { LESSONS } from './catalog';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const ids = async (agent = r.employee) =>
  ((await agent.get('/api/lessons')).json().lessons as { id: string }[]).map((l) => l.id);

describe('lessons', () => {
  it('hold a name and content in every language', () => {
    for (const l of LESSONS)
      for (const lang of ['en', 'de', 'nl', 'pl'] as const) {
        expect(l.name[lang].trim()).not.toBe('');
        expect(l.content[lang].trim()).not.toBe('');
      }
  });

  it('are filtered by role, module, config and demo', async () => {
    const employee = await ids();
    expect(employee).toContain('my-duties');
    expect(employee).not.toContain('plan-a-week'); // planners
    expect(employee).not.toContain('try-the-demo'); // demo accounts
    expect(employee).not.toContain('apply-for-open-duties'); // the setting is off
    const planner = await ids(r.planner);
    expect(planner).toContain('plan-a-week');
    await r.settings({ employeesMustApply: true });
    expect(await ids()).toContain('apply-for-open-duties');
    await r.t.database.db
      .update(accounts)
      .set({ modules: ['hours', 'availability', 'university'] })
      .where(eq(accounts.id, r.ids.bistro));
    const withoutRoster = await ids(await r.as('employee@example.com'));
    expect(withoutRoster).not.toContain('my-duties');
    expect(withoutRoster).toContain('stay-informed');
  });

  it('are not served when the university module is off', async () => {
    await r.t.database.db
      .update(accounts)
      .set({ modules: ['roster', 'hours', 'availability'] })
      .where(eq(accounts.id, r.ids.bistro));
    const agent = await r.as('employee@example.com');
    const res = await agent.get('/api/lessons');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MODULE_INACTIVE');
    await r.t.database.db
      .update(accounts)
      .set({ modules: ['roster', 'hours', 'availability', 'university'] })
      .where(eq(accounts.id, r.ids.bistro));
    expect(await ids(await r.as('employee@example.com'))).toContain('my-duties');
  });

  it('answer in the page’s language when the page asks for one (Accept-Language), else in the member’s', async () => {
    const de = await r.as('anna.schmidt@example.com');
    const name = async (headers: Record<string, string>) =>
      (
        (await de.request('GET', '/api/lessons', undefined, headers)).json().lessons as { id: string; name: string }[]
      ).find((l) => l.id === 'stay-informed')?.name;
    expect(await name({ 'accept-language': 'pl' })).toBe('Wybierz, jak chcesz być powiadamiany');
    expect(await name({ 'accept-language': 'xx' })).toBe('Wählen, wie Sie benachrichtigt werden');
  });

  it('answer in the member’s language and remember what the member viewed', async () => {
    const de = await r.as('anna.schmidt@example.com');
    const lesson = (await de.get('/api/lessons')).json().lessons.find((l: { id: string }) => l.id === 'stay-informed');
    expect(lesson).toMatchObject({ name: 'Wählen, wie Sie benachrichtigt werden', viewed: false });
    expect((await de.put('/api/lessons/stay-informed/view')).statusCode).toBe(200);
    expect((await de.put('/api/lessons/stay-informed/view')).statusCode).toBe(200);
    const again = (await de.get('/api/lessons')).json().lessons.find((l: { id: string }) => l.id === 'stay-informed');
    expect(again.viewed).toBe(true);
    // Someone else has not viewed it.
    const mine = (await r.planner.get('/api/lessons'))
      .json()
      .lessons.find((l: { id: string }) => l.id === 'stay-informed');
    expect(mine.viewed).toBe(false);
    expect((await de.put('/api/lessons/no-such-lesson/view')).statusCode).toBe(404);
    expect((await de.put('/api/lessons/try-the-demo/view')).statusCode).toBe(404);
    expect((await de.put('/api/lessons/BAD%20ID/view')).statusCode).toBe(422);
  });
});

describe('GET /api/calendar/{month}/{year}', () => {
  it('answers the headline in the member’s language and whole weeks with week numbers and holidays', async () => {
    const res = await r.employee.get('/api/calendar/1/2027');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.headline).toBe('January 2027');
    expect(body.calendar).toMatchObject({ month: 1, year: 2027, weekStart: 'monday' });
    expect(body.calendar.weeks[0]).toMatchObject({ week: 53 });
    const newYear = body.calendar.weeks
      .flatMap((w: { days: unknown[] }) => w.days)
      .find((d: { date: string }) => d.date === '2027-01-01');
    expect(newYear).toMatchObject({ inMonth: true, holiday: expect.any(String) });
    const de = await r.as('anna.schmidt@example.com');
    expect((await de.get('/api/calendar/3/2027')).json().headline).toBe('März 2027');
  });
  it('refuses a month or year out of range', async () => {
    expect((await r.employee.get('/api/calendar/13/2027')).statusCode).toBe(422);
    expect((await r.employee.get('/api/calendar/1/2051')).statusCode).toBe(422);
  });
  it('answers the first and last months of the range, whose grids reach into the years beyond', async () => {
    const first = await r.employee.get('/api/calendar/1/1950');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().calendar.weeks[0].days[0].date).toBe('1949-12-26');
    const last = await r.employee.get('/api/calendar/12/2050');
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().calendar.weeks.at(-1).days.at(-1).date).toBe('2051-01-01');
  });
});
