import { AccountSettings } from '@app/contracts';

/** The account's settings column read with the contract's defaults (a missing key is the default). */
export function accountSettings(raw: unknown): AccountSettings {
  return AccountSettings.parse(raw ?? {});
}

/**
 * The settings of an account row the session already holds, read once per row: a cached session keeps its row
 * object, so its requests share one parse (a change to the account drops the row and with it this entry).
 */
const parsed = new WeakMap<object, AccountSettings>();
export function settingsOfAccount(account: { settings: unknown }): AccountSettings {
  let settings = parsed.get(account);
  if (!settings) {
    settings = accountSettings(account.settings);
    parsed.set(account, settings);
  }
  return settings;
}
