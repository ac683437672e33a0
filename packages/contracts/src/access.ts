import { z } from 'zod';
import { AccountStatus } from './enums';
import { line } from './inputs';

/** A super user's search for an account to help (docs/product/account-access.md): by name, company or e-mail. */
export const SuperUserAccountQuery = z.object({ q: line(100).default('') });
export type SuperUserAccountQuery = z.infer<typeof SuperUserAccountQuery>;

export const SuperUserAccount = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  status: AccountStatus,
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
});
export type SuperUserAccount = z.infer<typeof SuperUserAccount>;

export const SuperUserAccountsResponse = z.object({ accounts: z.array(SuperUserAccount) });
export type SuperUserAccountsResponse = z.infer<typeof SuperUserAccountsResponse>;

/** The member's guided tour: `true` shows it (again), `false` is done or dismissed. */
export const OnboardingRequest = z.object({ onboarding: z.boolean() });
export type OnboardingRequest = z.infer<typeof OnboardingRequest>;
