import { z } from 'zod';
import { Locale, MembershipStatus } from './enums';
import { name, password } from './inputs';

export const OwnProfile = z.object({
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  locale: Locale,
  twoFactor: z.boolean(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

export const OwnProfileUpdate = z.object({
  fname: name(),
  lname: name(),
  locale: Locale,
});
export type OwnProfileUpdate = z.infer<typeof OwnProfileUpdate>;

export const PasswordChangeRequest = z.object({
  current: password(),
  password: password(),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const MembershipStatusRequest = z.object({ status: MembershipStatus });
export type MembershipStatusRequest = z.infer<typeof MembershipStatusRequest>;
