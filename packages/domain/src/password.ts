import { PASSWORD_MIN_LENGTH } from '@app/contracts';

/** Password rule failures of docs/product/members.md; each is a catalog key under `password.`. */
export type PasswordProblem =
  | 'required'
  | 'tooShort'
  | 'noNumber'
  | 'noLower'
  | 'noUpper'
  | 'noSpaces'
  | 'invalidCharacter';

/** Every rule the password breaks, in the order the form shows them. Empty when it is acceptable. */
export function passwordProblems(password: string): PasswordProblem[] {
  if (password.length === 0) return ['required'];
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (!/\d/.test(password)) problems.push('noNumber');
  if (!/\p{Ll}/u.test(password)) problems.push('noLower');
  if (!/\p{Lu}/u.test(password)) problems.push('noUpper');
  if (/\s/u.test(password)) problems.push('noSpaces');
  // Control and unassigned characters cannot be typed reliably on every device.
  if (/[\p{Cc}\p{Cn}\p{Co}]/u.test(password.replace(/\s/gu, ''))) problems.push('invalidCharacter');
  return problems;
}
