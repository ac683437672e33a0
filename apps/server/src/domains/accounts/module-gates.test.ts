import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ModuleKey } from '@app/contracts';
import { addDays, OFFERED_MODULES } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, locations } from '../../db/schema';
import { futureDay, type RosterIds, rosterIds, today } from '../roster/testkit';

/**
 * Every module the modules page offers gates what its name says (docs/product/modules.md, "What each module
 * switches"): with the module off one of its calls answers 403 MODULE_INACTIVE, or its part of an answer is missing;
 * with it on the same call works. A module offered without a probe here fails the test, so a new module either
 * gates something or is not offered.
 */

let t: TestApp;
let provider: Server;
let ids: RosterIds;
let owner: Agent;

/** The weather provider's answer in Open-Meteo's format: a week from today. */
function forecast() {
  const time = Array.from({ length: 7 }, (_, i) => addDays(today(), i));
  return {
    latitude: 52.52,
    longitude: 13.4,
    daily: {
      time,
      weather_code: time.map(() => 0),
      temperature_2m_max: time.map(() => 20),
      temperature_2m_min: time.map(() => 10),
      precipitation_sum: time.map(() => 0),
    },
  };
}

beforeAll(async () => {
  provider = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(forecast()));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const port = (provider.address() as AddressInfo).port;
  t = await createTestApp({ config: { weatherUrl: `http://127.0.0.1:${port}` } });
  ids = await rosterIds(t.database.db);
  await t.database.db.update(locations).set({ latitude: 52.52, longitude: 13.405 }).where(eq(locations.id, ids.hq));
  await setModules([...OFFERED_MODULES]);
  owner = await signIn(t.app, 'owner@example.com');
});
afterAll(async () => {
  await t.dispose();
  await new Promise((resolve) => provider.close(resolve));
});

async function setModules(modules: ModuleKey[]) {
  await t.database.db.update(accounts).set({ modules }).where(eq(accounts.id, ids.bistro));
}

const inactive = (res: LightMyRequestResponse, module: ModuleKey) =>
  res.statusCode === 403 && res.json().code === 'MODULE_INACTIVE' && res.json().data?.module === module;

/** A call of the module: `true` when what the module gates answered, `false` when it was refused or left out. */
type Probe = (module: ModuleKey) => Promise<boolean>;

/** A call that answers 200 with the module on and 403 MODULE_INACTIVE with it off. */
const call =
  (method: 'GET' | 'PUT' | 'POST', url: () => string, body?: () => Promise<unknown> | unknown): Probe =>
  async (module) => {
    const res = await owner.request(method, url(), body ? await body() : undefined);
    if (inactive(res, module)) return false;
    expect([module, url(), res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([module, url(), 200, '']);
    return true;
  };

/** A call whose refusal shows the route was reached past the module (payslips need a PDF to answer 200). */
const reached =
  (method: 'POST', url: string): Probe =>
  async (module) => {
    const res = await owner.request(method, url, {});
    if (inactive(res, module)) return false;
    expect([module, res.statusCode < 500, res.json().code]).toEqual([
      module,
      true,
      expect.not.stringMatching(/^MODULE_/),
    ]);
    return true;
  };

const week = () => `/api/items?scope=planning&location=${ids.hq}&date=${today()}&period=week`;
/** The roster's load with the module's part in it. */
const loadHas =
  (part: 'cost' | 'weather'): Probe =>
  async () => {
    const res = await owner.get(week());
    expect(res.statusCode, res.body).toBe(200);
    return res.json()[part] != null;
  };

let sickItem: string | null = null;
/** An item of Anna's to mark sick with a sickness code (payroll's). */
async function annasItem() {
  if (sickItem) return sickItem;
  const body = { location: ids.hq, date: futureDay(30), duty: ids.kitchen, shift: ids.early, user: ids.anna };
  let res = await owner.post('/api/items', body);
  if (res.statusCode === 409 && res.json().code === 'ERR_LACKS_DUTY')
    res = await owner.post('/api/items', { ...body, confirmed: true });
  expect(res.statusCode, res.body).toBe(200);
  sickItem = res.json().item.id as string;
  return sickItem;
}

const PROBES: Record<string, Probe> = {
  roster: call('GET', week),
  hours: call('GET', () => '/api/hours/options'),
  availability: call(
    'GET',
    () => `/api/availability/overview?location=${ids.hq}&from=${futureDay(30)}&until=${futureDay(30, 5)}`,
  ),
  shifts: call('GET', () => '/api/shifts'),
  tags: call('GET', () => '/api/tags'),
  rates: loadHas('cost'),
  balances: call('GET', () => '/api/balances'),
  sickness: call('GET', () => '/api/sickness'),
  payroll: async (module) => {
    const id = await annasItem();
    return call(
      'PUT',
      () => `/api/items/${id}/sick`,
      () => ({ code: '101' }),
    )(module);
  },
  lists: call('GET', () => '/api/lists/options'),
  chats: call('GET', () => '/api/channels'),
  weather: loadHas('weather'),
  vacation: call('GET', () => '/api/vacation/balances?year=2030'),
  dashboard: call('GET', () => `/api/locations/${ids.hq}/wall-screen`),
  today: call('GET', () => '/api/today'),
  statistics: call('GET', () => '/api/statistics'),
  university: call('GET', () => '/api/lessons'),
  dossiers: async (module) => {
    const me = (await owner.get('/api/app/init')).json().membership.id as string;
    return call('GET', () => `/api/members/${me}/dossier`)(module);
  },
  contacts: call('GET', () => '/api/contacts'),
  planning: call('GET', () => '/api/planning/overview'),
  payslips: reached('POST', '/api/payslips/split'),
  documents: call('GET', () => '/api/documents/members'),
  checkins: call('GET', () => '/api/checkins'),
  clients: call('GET', () => '/api/clients'),
  resources: call('GET', () => '/api/resources'),
  signature: async () => {
    const res = await owner.get('/api/hours/options');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().settings.signatureRequired === true;
  },
  company: call('GET', () => '/api/company'),
  freelancers: call('GET', () => '/api/freelancer-invoices'),
  projects: call('GET', () => '/api/projects'),
};

describe('every offered module gates something', () => {
  it('has a probe for each offered module, and none for one that is not offered', () => {
    expect(Object.keys(PROBES).sort()).toEqual([...OFFERED_MODULES].sort());
  });

  for (const module of OFFERED_MODULES) {
    it(`${module}: off, its part is refused or left out; on, it works`, async () => {
      const probe = PROBES[module];
      expect(probe, `no probe for ${module}`).toBeDefined();
      try {
        await setModules(OFFERED_MODULES.filter((m) => m !== module));
        expect([module, await probe(module)]).toEqual([module, false]);
      } finally {
        await setModules([...OFFERED_MODULES]);
      }
      expect([module, await probe(module)]).toEqual([module, true]);
    });
  }
});
