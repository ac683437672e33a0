import type { ModuleKey } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts } from '../src/db/schema';
import { type RosterIds, rosterIds } from '../src/domains/roster/testkit';
import { type Agent, createTestApp, signIn, type TestApp } from './app';

/** Switches modules of an account on (beside the ones it has) or off, straight in the database. */
export async function switchModules(db: Db, accountId: string, modules: readonly ModuleKey[], on: boolean) {
  const [row] = await db.select({ modules: accounts.modules }).from(accounts).where(eq(accounts.id, accountId));
  const rest = row.modules.filter((m) => !(modules as readonly string[]).includes(m));
  await db
    .update(accounts)
    .set({ modules: on ? [...rest, ...modules] : rest })
    .where(eq(accounts.id, accountId));
}

export interface ModuleTest {
  t: TestApp;
  ids: RosterIds;
  owner: Agent;
  planner: Agent;
  employee: Agent;
}

/**
 * The set-up of a module's API tests: the sample on a fresh database, the modules on in both companies (before any
 * session), and the Bistro's owner, planner and an employee signed in.
 */
export async function setUpModules(modules: readonly ModuleKey[]): Promise<ModuleTest> {
  const t = await createTestApp();
  const ids = await rosterIds(t.database.db);
  for (const accountId of [ids.bistro, ids.store]) await switchModules(t.database.db, accountId, modules, true);
  const owner = await signIn(t.app, 'owner@example.com');
  const planner = await signIn(t.app, 'planner@example.com');
  const employee = await signIn(t.app, 'employee@example.com');
  return { t, ids, owner, planner, employee };
}
