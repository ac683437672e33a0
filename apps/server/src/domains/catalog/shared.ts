import { mayManageCatalog } from '@app/domain';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { Command } from '../../platform/command';

/** Refuses with 403 unless the actor may edit the catalog (settings guard); call it once the ids are found. */
export function requireCatalogEditor(actor: Actor): void {
  requireAllowed(mayManageCatalog(actor));
}

/** Announces that open apps of the account reload their catalog (sent once the command committed). */
export function emitCatalogChanged(command: Command, actor: Actor): void {
  command.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'catalog' });
}

/** Nullable text input: trimmed by the contract; an empty string means no value. */
export const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === '' ? null : value;
