import { MODULES, type ModuleKey, type ModulesResponse } from '@app/contracts';
import {
  dependentsOf,
  isModuleOffered,
  MODULE_REQUIRES,
  modulesRefusal,
  moduleToggleRefusal,
  OFFERED_MODULES,
  toggleModule,
} from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

export async function accountOf(db: DbOrTx, accountId: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new AppError('NOT_FOUND');
  return account;
}

/**
 * The modules page: owners, managers, planners and `user.edit` holders of a real account without the
 * special-account flag (`modulesRefusal`); which switches each may make is `moduleToggleRefusal`.
 */
async function assertMayOpenModules(db: DbOrTx, actor: Actor) {
  const account = await accountOf(db, actor.accountId);
  const refusal = modulesRefusal(actor, account);
  if (refusal) throw new AppError(refusal);
  return account;
}

/** The modules that work only once the server is configured for them (docs/product/weather.md). */
const needsConfiguring = (ctx: AppContext, key: string) => key === 'weather' && !ctx.config.weatherUrl;

/** The offered modules only (docs/product/modules.md, "Not offered"): one stored but not offered is not shown. */
function describe(ctx: AppContext, active: readonly string[]): ModulesResponse {
  return {
    modules: OFFERED_MODULES.map((key) => ({
      key,
      active: active.includes(key),
      requires: [...MODULE_REQUIRES[key]],
      dependents: dependentsOf(key).filter(isModuleOffered),
      ...(needsConfiguring(ctx, key) ? { needsConfiguring: true } : {}),
    })),
  };
}

export async function listModules(ctx: AppContext, actor: Actor): Promise<ModulesResponse> {
  const account = await assertMayOpenModules(ctx.db, actor);
  return describe(ctx, account.modules);
}

/**
 * Switches a module for the account. Refused while an active module depends on it (409 naming the dependents);
 * switching on also switches on what it requires, and is refused for a module the product does not offer (409
 * `MODULE_NOT_OFFERED`; switching one off is allowed). Members' apps re-initialise through `Reinit`.
 */
export async function setModule(
  ctx: AppContext,
  actor: Actor,
  key: ModuleKey,
  active: boolean,
): Promise<ModulesResponse> {
  const modules = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId)).for('update');
    if (!account) throw new AppError('NOT_FOUND');
    await assertMayOpenModules(tx, actor);
    if (active && !isModuleOffered(key)) throw new AppError('MODULE_NOT_OFFERED', { data: { module: key } });
    // The switch works on the offered modules (a stored module that is not offered never holds one back); the
    // others stay stored as they are, but the one switched off.
    const stored = account.modules as ModuleKey[];
    const offered = stored.filter(isModuleOffered);
    const refusal = moduleToggleRefusal(actor, offered, key, active);
    if (refusal) throw new AppError(refusal);
    const result = toggleModule(offered, key, active);
    if (!result.ok) throw new AppError(result.code, { data: { module: key, dependents: result.dependents } });
    const kept = stored.filter((m) => !isModuleOffered(m) && m !== key);
    const modules = MODULES.filter((m) => result.modules.includes(m) || kept.includes(m));
    await tx.update(accounts).set({ modules }).where(eq(accounts.id, account.id));
    command.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'modules' });
    return modules;
  });
  return describe(ctx, modules);
}
