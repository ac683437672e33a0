import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, weatherForecasts } from '../../db/schema';
import { type RosterIds, rosterIds, today } from '../roster/testkit';

/**
 * The weather module (docs/product/weather.md) against a fake provider with Open-Meteo's format on this machine: the
 * roster's load carries the planning's forecast, fetched once per planning and day.
 */
let t: TestApp;
let provider: Server;
const asked: URL[] = [];
let failing = false;
let ids: RosterIds;
let planner: Agent;

function answer(from: string) {
  const time = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  return {
    latitude: 52.52,
    longitude: 13.4,
    daily: {
      time,
      weather_code: time.map((_, i) => [0, 3, 61, 71, 95, 45, 2][i]),
      temperature_2m_max: time.map((_, i) => 10 + i),
      temperature_2m_min: time.map((_, i) => i - 2),
      precipitation_sum: time.map((_, i) => i / 2),
    },
  };
}

beforeAll(async () => {
  provider = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(url);
    if (failing) {
      res.writeHead(500).end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(today())));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const port = (provider.address() as AddressInfo).port;
  t = await createTestApp({ config: { weatherUrl: `http://127.0.0.1:${port}` } });
  ids = await rosterIds(t.database.db);
  const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, ids.bistro));
  await t.database.db
    .update(accounts)
    .set({ modules: [...account.modules.filter((m) => m !== 'weather'), 'weather'] })
    .where(eq(accounts.id, ids.bistro));
  planner = await signIn(t.app, 'planner@example.com');
});
afterAll(async () => {
  await t.dispose();
  await new Promise((resolve) => provider.close(resolve));
});

const load = async (location: string, date = today()) => {
  const res = await planner.get(`/api/items?scope=planning&location=${location}&date=${date}&period=week`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('weather', () => {
  it('a planning without coordinates has no weather and asks no provider', async () => {
    expect((await load(ids.hq)).weather).toBeNull();
    expect(asked).toHaveLength(0);
  });

  it("the planning's coordinates bring the forecast of the period's days, fetched once per planning and day", async () => {
    const set = await planner.put(`/api/locations/${ids.hq}`, { latitude: 52.52, longitude: 13.405 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ latitude: 52.52, longitude: 13.405 });
    const first = await load(ids.hq, today());
    const days = first.weather as { date: string }[];
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => first.days.some((x: { date: string }) => x.date === d.date))).toBe(true);
    expect(days.find((d) => d.date === today())).toEqual({
      date: today(),
      code: 0,
      min: -2,
      max: 10,
      precipitation: 0,
    });
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0].searchParams)).toMatchObject({
      latitude: '52.5200',
      longitude: '13.4050',
      timezone: 'Europe/Berlin',
      forecast_days: '7',
    });
    // Again, and the next week: from the cache.
    await load(ids.hq, today());
    const next = await load(ids.hq, addDays(today(), 7));
    expect(asked).toHaveLength(1);
    expect(next.weather === null || next.weather.every((d: { date: string }) => d.date >= addDays(today(), 1))).toBe(
      true,
    );
    // Far ahead: no weather, nothing asked.
    expect((await load(ids.hq, addDays(today(), 28))).weather).toBeNull();
    expect(asked).toHaveLength(1);
    const cached = await t.database.db.select().from(weatherForecasts).where(eq(weatherForecasts.locationId, ids.hq));
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatchObject({ fetchedOn: today(), accountId: ids.bistro });
  });

  it('a moved planning asks again; a failing provider means no weather, and is asked again next time', async () => {
    await planner.put(`/api/locations/${ids.hq}`, { latitude: 48.14, longitude: 11.58 });
    failing = true;
    expect((await load(ids.hq)).weather).toBeNull();
    expect(asked).toHaveLength(2);
    failing = false;
    expect((await load(ids.hq)).weather).not.toBeNull();
    expect(asked).toHaveLength(3);
    expect(asked[2].searchParams.get('latitude')).toBe('48.1400');
  });

  it('one coordinate alone is a field error', async () => {
    const res = await planner.put(`/api/locations/${ids.cafe}`, { latitude: 50 });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ longitude: ['validation.required'] });
  });

  it('with the module off the load has no weather', async () => {
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, ids.bistro));
    await t.database.db
      .update(accounts)
      .set({ modules: account.modules.filter((m) => m !== 'weather') })
      .where(eq(accounts.id, ids.bistro));
    const before = asked.length;
    expect((await load(ids.hq)).weather).toBeNull();
    expect(asked).toHaveLength(before);
  });

  it('the modules page says the weather module needs configuring without a provider', async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    const weather = (await owner.get('/api/modules')).json().modules.find((m: { key: string }) => m.key === 'weather');
    expect(weather.needsConfiguring).toBeUndefined();
    const bare = await createTestApp({ config: { weatherUrl: undefined } });
    try {
      const other = await signIn(bare.app, 'owner@example.com');
      const list = (await other.get('/api/modules')).json().modules;
      expect(list.find((m: { key: string }) => m.key === 'weather')).toMatchObject({ needsConfiguring: true });
    } finally {
      await bare.dispose();
    }
  });
});
