import type { LeftOutReason } from '@app/contracts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The people of the planning the person picker does not offer, each with the reason (docs/product/roster.md, "The
 * person picker"): the server decides who and why with the one rule (`leftOutReason`).
 */
export function LeftOutList({
  leftOut,
  nameOf,
}: {
  leftOut: readonly { user: string; reason: LeftOutReason }[];
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  if (!leftOut.length) return null;
  const sorted = [...leftOut].sort((a, b) => nameOf(a.user).localeCompare(nameOf(b.user)));
  return (
    <Stack gap={2} data-testid="picker-left-out">
      <Text size="xs" fw={700} c="gray.7">
        {t('roster.leftOut.title', { count: leftOut.length })}
      </Text>
      <ul className="roster-left-out">
        {sorted.map((l) => (
          <li key={l.user} data-testid={`left-out-${l.user}`} data-reason={l.reason}>
            <span className="roster-choice-name">{nameOf(l.user)}</span>
            <span className="roster-left-out-reason">{t(`roster.leftOut.${l.reason}`)}</span>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
