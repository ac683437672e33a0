import { z } from 'zod';
import { ModuleKey } from './enums';

export const ModuleState = z.object({
  key: ModuleKey,
  active: z.boolean(),
  requires: z.array(ModuleKey),
  dependents: z.array(ModuleKey),
  /** The module works only once the server is configured for it (the weather module without a provider). */
  needsConfiguring: z.boolean().optional(),
});
export type ModuleState = z.infer<typeof ModuleState>;

export const ModulesResponse = z.object({ modules: z.array(ModuleState) });
export type ModulesResponse = z.infer<typeof ModulesResponse>;

export const ModuleToggleRequest = z.object({ active: z.boolean() });
export type ModuleToggleRequest = z.infer<typeof ModuleToggleRequest>;
