import type { MatchingResponse } from '@app/contracts';
import type { TFunction } from 'i18next';

type Explanation = MatchingResponse['assignments'][number]['explanation'];

/** Why a person was proposed, each reason a short phrase; warnings in words, never their codes. */
export function matchingReasons(t: TFunction, e: Explanation): string[] {
  const reasons = [
    e.holdsDuty ? t('roster.matching.reasons.holdsDuty') : null,
    e.applied ? t('roster.matching.reasons.applied') : null,
    e.wish ? t('roster.matching.reasons.wish') : null,
    e.tagsMatched > 0 ? t('roster.matching.reasons.tags', { count: e.tagsMatched }) : null,
    t('roster.matching.reasons.hours', { before: e.hoursBefore.toFixed(1), after: e.hoursAfter.toFixed(1) }),
    ...e.warnings.map((w) =>
      w === 'OVERTIME'
        ? t('roster.matching.warnings.OVERTIME', { hours: e.overtimeHours.toFixed(1) })
        : t(`roster.matching.warnings.${w}`, { defaultValue: t('roster.matching.warnings.other') }),
    ),
  ];
  return reasons.filter((r): r is string => Boolean(r));
}
