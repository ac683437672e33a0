import { z } from 'zod';
import { Locale } from './enums';
import { email, name, password } from './inputs';

/**
 * Versions of the texts a company accepts when it registers (docs/product/signup.md). Raise one when its text
 * changes: the account keeps the version it accepted and when.
 */
export const TERMS_VERSION = '2026-11';
export const DPA_VERSION = '2026-11';

/** Demo companies one address may start per day (a visitor's throwaway copy of the sample). */
export const DEMO_STARTS_PER_DAY = 3;
/** A registration whose address nobody confirmed within these days is removed (the account and the person). */
export const UNCONFIRMED_SIGNUP_DAYS = 30;
/** Registrations one address may send per hour (on top of the per-minute request cap). */
export const REGISTRATIONS_PER_HOUR = 10;

/** A company registers: the person, the company, the sign-in and the two agreements. */
export const RegisterRequest = z.object({
  fname: name(),
  lname: name(),
  companyName: name(),
  email: email(),
  password: password(),
  /** Must be true: the terms of use and the data-processing agreement are accepted. */
  acceptTerms: z.boolean(),
  acceptDpa: z.boolean(),
  locale: Locale.optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** What the sign-up pages need to know before anyone is signed in. */
export const SignupInfoResponse = z.object({
  /** No mail server is configured: mails (with their links) are written to the server's log. */
  mailLogged: z.boolean(),
  termsVersion: z.string(),
  dpaVersion: z.string(),
  demoDays: z.number().int(),
});
export type SignupInfoResponse = z.infer<typeof SignupInfoResponse>;

/** The answer to a registration: the same whether or not the address was known (the mail tells the rest). */
export const RegisterResponse = z.object({ ok: z.literal(true), mailLogged: z.boolean() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** A finished sign-up or a started demo: the browser is signed in (cookie) and keeps this CSRF token. */
export const SignedInResponse = z.object({ csrfToken: z.string() });
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** What an account stores about the agreements it accepted. */
export interface AcceptedAgreement {
  version: string;
  /** ISO instant. */
  acceptedAt: string;
  /** The user who accepted it. */
  userId: string;
}
export interface AccountAgreements {
  /** Legacy: the data-processing agreement's state as older accounts hold it. */
  dpa?: string | null;
  terms?: AcceptedAgreement;
  dataProcessing?: AcceptedAgreement;
}
