import type { MatchingResponse } from '@app/contracts';
import { Button, Collapse, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * What the matching wizard did and why, in the planner's words (docs/product/roster.md, "The matching wizard"):
 * how many duties got someone and how many stay open, how sure the plan is; the method, score, time and bound behind
 * a toggle for whoever wants them.
 */
export function MatchingSummary({ proposal }: { proposal: MatchingResponse }) {
  const { t } = useTranslation();
  const [details, { toggle }] = useDisclosure(false);
  const overtime = proposal.assignments.filter((a) => a.explanation.overtimeHours > 0).length;
  return (
    <Stack gap={4} data-testid="matching-summary">
      <Text size="sm" fw={500}>
        {t('roster.matching.said.filled', {
          count: proposal.assignments.length,
          total: proposal.assignments.length + proposal.open.length,
        })}{' '}
        {proposal.open.length > 0 ? t('roster.matching.said.open', { count: proposal.open.length }) : ''}
      </Text>
      <Text size="sm">{t(`roster.matching.said.${proposal.status}`)}</Text>
      {overtime > 0 && (
        <Text size="sm" c="red.9">
          {t('roster.matching.said.overtime', { count: overtime })}
        </Text>
      )}
      <div>
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={toggle}
          aria-expanded={details}
          data-testid="matching-details-toggle"
        >
          {t(details ? 'roster.matching.details.hide' : 'roster.matching.details.show')}
        </Button>
      </div>
      <Collapse in={details}>
        <Text size="xs" c="dimmed" data-testid="matching-details">
          {t(`roster.matching.details.engine.${proposal.engine}`)} ·{' '}
          {t('roster.matching.details.figures', {
            score: Math.round(proposal.objective),
            seconds: (proposal.stats.timeMs / 1000).toFixed(1),
            candidates: proposal.stats.candidates,
          })}
          {proposal.gap !== null && proposal.gap > 0
            ? ` · ${t('roster.matching.details.gap', { gap: (proposal.gap * 100).toFixed(1) })}`
            : ''}
        </Text>
      </Collapse>
    </Stack>
  );
}
