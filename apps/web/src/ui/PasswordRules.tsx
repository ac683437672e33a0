import { passwordProblems } from '@app/domain';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const RULES = ['tooShort', 'noNumber', 'noLower', 'noUpper', 'noSpaces'] as const;

/** The password rules with a mark for each one the typed password already meets. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const problems = new Set<string>(passwordProblems(password));
  return (
    <List size="xs" spacing={2} data-testid="password-rules" aria-live="polite">
      {RULES.map((rule) => {
        const met = password.length > 0 && !problems.has(rule);
        return (
          <List.Item key={rule} icon={<Text c={met ? 'teal' : 'dimmed'}>{met ? '✓' : '•'}</Text>}>
            <Text size="xs" c={met ? 'teal' : 'dimmed'}>
              {t(`passwordRules.${rule}`)}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
