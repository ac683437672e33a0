import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

/** Emma without the bar duty for the length of a test. */
async function withoutBar(run: () => Promise<void>) {
  const manager = await r.as('manager@example.com');
  const holdings = (await manager.get(`/api/memberships/${r.ids.emma}/holdings`)).json();
  await manager.put(`/api/memberships/${r.ids.emma}/holdings`, {
    ...holdings,
    dutyIds: holdings.dutyIds.filter((d: string) => d !== r.ids.bar),
  });
  try {
    await run();
  } finally {
    await manager.put(`/api/memberships/${r.ids.emma}/holdings`, holdings);
  }
}

describe('a person who lacks the duty', () => {
  it('assigning asks first (ERR_LACKS_DUTY naming person and duty); confirmed, the item carries INVALID_DUTY', () =>
    withoutBar(async () => {
      const id = await r.item({ date: futureDay(5, 2), duty: r.ids.bar, shift: r.ids.early });
      const asked = await r.planner.put(`/api/items/${id}/user`, { user: r.ids.emma });
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json()).toMatchObject({
        code: 'ERR_LACKS_DUTY',
        data: { membership: r.ids.emma, confirmed: true },
      });
      expect(typeof asked.json().data.duty).toBe('string');
      expect(typeof asked.json().data.user).toBe('string');
      const confirmed = await r.planner.put(`/api/items/${id}/user`, { user: r.ids.emma, confirmed: true });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().item.conflicts).toEqual(['INVALID_DUTY']);
    }));

  it('creating with the person asks the same', () =>
    withoutBar(async () => {
      const body = { location: r.ids.hq, date: futureDay(5, 3), duty: r.ids.bar, shift: r.ids.early, user: r.ids.emma };
      const asked = await r.planner.post('/api/items', body);
      expect(asked.json().code).toBe('ERR_LACKS_DUTY');
      const created = await r.planner.post('/api/items', { ...body, confirmed: true });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().item.conflicts).toEqual(['INVALID_DUTY']);
    }));

  it('a person who holds the duty is planned without the question', async () => {
    const id = await r.item({ date: futureDay(5, 4), duty: r.ids.bar, shift: r.ids.early });
    const res = await r.planner.put(`/api/items/${id}/user`, { user: r.ids.emma });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.conflicts ?? []).not.toContain('INVALID_DUTY');
  });
});
