import { z } from 'zod';
import { Locale } from './enums';
import { email, line, matching, name, password } from './inputs';

export const Email = email();

export const LoginRequest = z.object({
  email: Email,
  password: password().min(1),
  /** TOTP code when the user has two-factor authentication. */
  token: line(12).optional(),
  locale: Locale.optional(),
  mobile: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** What the client must do next after a login: nothing, verify a TOTP code, or set two-factor up. */
export const TwoFactorStep = z.enum(['none', 'verify', 'setup']);
export type TwoFactorStep = z.infer<typeof TwoFactorStep>;

export const LoginResponse = z.object({
  csrfToken: z.string(),
  beta: z.boolean(),
  twoFactor: TwoFactorStep,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });

export const EmailRequest = z.object({ email: Email, locale: Locale.optional() });
export type EmailRequest = z.infer<typeof EmailRequest>;

export const CodeParams = z.object({ code: line(128).min(8) });

export const ResetPasswordRequest = z.object({ password: password() });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** Accepting an invitation sets the password and the name the person goes by. */
export const AcceptInvitationRequest = z.object({
  password: password(),
  fname: name().optional(),
  lname: name().optional(),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

/** What a code page shows before the person acts on it. */
export const CodeInfoResponse = z.object({
  kind: z.enum(['reset', 'confirm', 'invitation', 'signup']),
  email: z.string(),
  accountName: z.string().nullable(),
});
export type CodeInfoResponse = z.infer<typeof CodeInfoResponse>;

export const TwoFactorSetupResponse = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

export const TwoFactorCodeRequest = z.object({
  code: matching(/^\d{6}$/, 'twoFactor.codeFormat', { trim: true }),
});
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequest>;

export const TwoFactorDisableRequest = z.object({ password: password() });

/** Realtime room authorisation (the role of /api/auth/broadcast). */
export const BroadcastRequest = z.object({ room: line(100) });
export const BroadcastResponse = z.object({ auth: z.boolean() });
