import { now } from '@app/domain';
import { authenticator } from 'otplib';

authenticator.options = { window: 1, step: 30 };

export const newTotpSecret = () => authenticator.generateSecret();

export const otpauthUrl = (email: string, secret: string) => authenticator.keyuri(email, 'Rosterly', secret);

/**
 * The time step a code belongs to, or null when it is wrong. Callers store the step and refuse a step that is not
 * newer than the last one used, so each code works once.
 */
export function totpStep(secret: string, code: string, at = now().getTime()): number | null {
  const delta = authenticator.clone({ epoch: at }).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(at / 1000 / 30) + delta;
}

/** For tests and the sample data: the current code of a secret. */
export const currentTotp = (secret: string) => authenticator.clone({ epoch: now().getTime() }).generate(secret);
