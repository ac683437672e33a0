import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { SAMPLE_PASSWORD, seedSampleData } from '../apps/server/src/sample/seed';

const database = await openDatabase({ dataDir: null });
await database.migrate();
const { large } = await seedSampleData(database.db, { roster: true, large: true });
const built = await buildApp(testConfig({ webDist: '/nonexistent', logLevel: 'silent' }), { database });
const login = await built.app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'planner@example.com', password: SAMPLE_PASSWORD },
});
const sid = login.cookies.find((c) => c.name === 'sid')?.value;
const res = await built.app.inject({
  method: 'GET',
  url: `/api/items?scope=planning&location=${large!.location}&date=${large!.from}&period=month`,
  headers: { cookie: `sid=${sid}` },
});
const body = res.json();
for (const [k, v] of Object.entries(body))
  console.log(k, JSON.stringify(v).length, Array.isArray(v) ? v.length : Object.keys(v ?? {}).length);
console.log(JSON.stringify(body.items.slice(0, 3)));
console.log(JSON.stringify(body.availability.slice(0, 3)));
console.log(JSON.stringify(Object.values(body.users).slice(0, 2)));
console.log(JSON.stringify(body.days.slice(0, 2)));
await built.close();
await database.close();
