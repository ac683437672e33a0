import { passwordProblems } from '@app/domain';
import i18n from '../i18n';

/** Mantine form validator: the messages of every rule the password breaks. */
export function validateNewPassword(value: string): string | null {
  const problems = passwordProblems(value);
  return problems.length ? problems.map((p) => i18n.t(`password.${p}`)).join(' ') : null;
}

/** Mantine form validator for the repeated password. */
export function validateRepeat(value: string, values: { password: string }): string | null {
  return value === values.password ? null : i18n.t('password.mismatch');
}
