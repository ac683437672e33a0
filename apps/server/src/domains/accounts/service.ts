import { MODULES, type ModuleKey, type ModulesResponse } from '@app/contracts';
import { dependentsOf, MODULE_REQUIRES, modulesRefusal, moduleToggleRefusal, toggleModule } from '@app/domain';
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

function describe(active: readonly string[]): ModulesResponse {
  return {
    modules: MODULES.map((key) => ({
      key,
      active: active.includes(key),
      requires: [...MODULE_REQUIRES[key]],
      dependents: dependentsOf(key),
    })),
  };
}

export async function listModules(ctx: AppContext, actor: Actor): Promise<ModulesResponse> {
  const account = await assertMayOpenModules(ctx.db, actor);
  return describe(account.modules);
}

/**
 * Switches a module for the account. Refused while an active module depends on it (409 naming the dependents);
 * switching on also switches on what it requires. Members' apps re-initialise through `Reinit`.
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
    const refusal = moduleToggleRefusal(actor, account.modules as ModuleKey[], key, active);
    if (refusal) throw new AppError(refusal);
    const result = toggleModule(account.modules as ModuleKey[], key, active);
    if (!result.ok) throw new AppError(result.code, { data: { module: key, dependents: result.dependents } });
    await tx.update(accounts).set({ modules: result.modules }).where(eq(accounts.id, account.id));
    command.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'modules' });
    return result.modules;
  });
  return describe(modules);
}
