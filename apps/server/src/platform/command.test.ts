import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { appState } from '../db/schema';
import { type CommandHook, registerCommandHook, runCommand } from './command';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sample: false });
});
afterAll(() => t.dispose());

const stateOf = async (key: string) => (await t.database.db.select().from(appState).where(eq(appState.key, key)))[0];

describe('runCommand', () => {
  it('commits the work, then sends its events in order and runs the after-commit work', async () => {
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    const seen: string[] = [];
    const result = await runCommand(t.ctx, null, async (command) => {
      await command.tx.insert(appState).values({ key: 'command.a', value: '1', updatedAt: new Date(0) });
      command.emit('account.x', 'Reinit', { reason: 'settings' });
      command.emit('account.x', 'LocationUpdated', { location: 'l', ids: ['i'] });
      command.afterCommit(async () => {
        // After the commit the row is there for anyone to read.
        seen.push((await stateOf('command.a'))?.value ?? 'missing');
      });
      expect(emit).not.toHaveBeenCalled();
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['1']);
    expect(emit.mock.calls.map((c) => c[1])).toEqual(['Reinit', 'LocationUpdated']);
    emit.mockRestore();
  });

  it('a failed command rolls back and sends nothing', async () => {
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    const after = vi.fn();
    await expect(
      runCommand(t.ctx, null, async (command) => {
        await command.tx.insert(appState).values({ key: 'command.b', value: '1', updatedAt: new Date(0) });
        command.emit('account.x', 'Reinit', { reason: 'settings' });
        command.afterCommit(after);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await stateOf('command.b')).toBeUndefined();
    expect(emit).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
    emit.mockRestore();
  });

  it('runs the rollback work only when the command rolls back, after the rollback, and keeps the error', async () => {
    const undone: string[] = [];
    await runCommand(t.ctx, null, async (command) => {
      command.onRollback(() => undone.push('kept'));
    });
    expect(undone).toEqual([]);
    await expect(
      runCommand(t.ctx, null, async (command) => {
        await command.tx.insert(appState).values({ key: 'command.undo', value: '1', updatedAt: new Date(0) });
        command.onRollback(async () => {
          // The row is gone by then; a failing step does not stop the next.
          undone.push((await stateOf('command.undo'))?.value ?? 'gone');
          throw new Error('cleanup failed');
        });
        command.onRollback(() => undone.push('second'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(undone).toEqual(['gone', 'second']);
  });

  it('a failing after-commit step is logged and keeps the answer', async () => {
    const error = vi.spyOn(t.ctx.log, 'error');
    const later = vi.fn();
    const result = await runCommand(t.ctx, null, async (command) => {
      command.afterCommit(() => {
        throw new Error('push service away');
      });
      command.afterCommit(later);
      return 7;
    });
    expect(result).toBe(7);
    expect(later).toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.anything(), 'after-commit work failed');
    error.mockRestore();
  });

  it('hooks run inside the transaction with the result, and can refuse it', async () => {
    const hook: CommandHook = {
      async beforeCommit(command, result) {
        if (result === 'refuse') throw new Error('hook refused');
        await command.tx.insert(appState).values({ key: `hook.${result}`, value: '1', updatedAt: new Date(0) });
      },
    };
    registerCommandHook(hook);
    await runCommand(t.ctx, null, async () => 'kept');
    expect(await stateOf('hook.kept')).toBeDefined();
    await expect(
      runCommand(t.ctx, null, async (command) => {
        await command.tx.insert(appState).values({ key: 'command.c', value: '1', updatedAt: new Date(0) });
        return 'refuse';
      }),
    ).rejects.toThrow('hook refused');
    expect(await stateOf('command.c')).toBeUndefined();
  });

  it('a hook’s start runs inside the transaction before the work, and refusing there runs no work', async () => {
    const order: string[] = [];
    const hook: CommandHook = {
      async begin(command) {
        order.push('begin');
        if (command.actor === null && order.length > 2) throw new Error('claimed elsewhere');
        await command.tx.insert(appState).values({ key: `begin.${order.length}`, value: '1', updatedAt: new Date(0) });
      },
    };
    registerCommandHook(hook);
    await runCommand(t.ctx, null, async () => {
      order.push('work');
    });
    expect(order).toEqual(['begin', 'work']);
    expect(await stateOf('begin.1')).toBeDefined();
    const work = vi.fn();
    await expect(runCommand(t.ctx, null, work)).rejects.toThrow('claimed elsewhere');
    expect(work).not.toHaveBeenCalled();
  });
});
