import { passwordProblems } from '@app/domain';
import { hash, verify } from '@node-rs/argon2';
import { fieldError } from '../../platform/errors';

export const hashPassword = (password: string) => hash(password);

/** A hash of nothing, verified against when the user does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-password-0A');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** Refuses a password that breaks the password rules (docs/product/members.md), per field, with catalog keys. */
export function assertPasswordAcceptable(password: string, field = 'password'): void {
  const problems = passwordProblems(password);
  if (problems.length > 0) throw fieldError({ [field]: problems.map((p) => `password.${p}`) });
}
