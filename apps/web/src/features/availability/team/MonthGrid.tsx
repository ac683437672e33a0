import { Box, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type DayState, TYPE_COLORS } from '../model';
import type { TeamAvailabilityState } from './useTeamAvailability';

/** A cell's short sign: the type's first letter in the member's language, or S for sick. */
function Cell({ state, sick, label }: { state: DayState; sick: boolean; label: string }) {
  const { t } = useTranslation();
  if (sick)
    return (
      <span className="availability-cell" role="img" data-kind="sick" aria-label={label} title={label}>
        {t('availabilityPage.sickShort')}
      </span>
    );
  if (!state.type)
    return (
      <span className="availability-cell" role="img" data-kind="none" aria-label={label} title={label}>
        ·
      </span>
    );
  return (
    <span
      className="availability-cell"
      role="img"
      data-kind={state.type}
      data-default={state.fromDefault || undefined}
      style={{ background: `var(--mantine-color-${TYPE_COLORS[state.type]}-${state.fromDefault ? 1 : 2})` }}
      aria-label={label}
      title={label}
    >
      {t(`availabilityPage.short.${state.type}`)}
    </span>
  );
}

/** The month's grid: a row per person, a cell per day, a button where the planner may change the day. */
export function MonthGrid({ a }: { a: TeamAvailabilityState }) {
  const { t, lang, overview, days, today, members, can, open, stateOf, sickOn, labelOf } = a;
  return (
    <Box
      className="availability-grid-wrap"
      data-testid="team-availability-grid"
      data-fetching={overview.isFetching || undefined}
    >
      <table className="availability-grid">
        <caption className="visually-hidden">{t('availabilityPage.gridCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="availability-name">
              {t('availabilityPage.person')}
            </th>
            {days.map((d) => (
              <th
                scope="col"
                key={d}
                data-today={d === today || undefined}
                data-weekend={[0, 6].includes(dayjs(d).day()) || undefined}
              >
                <span className="availability-weekday">{dayjs(d).locale(lang).format('dd')}</span>
                <span>{dayjs(d).date()}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} data-testid={`team-row-${m.id}`}>
              <th scope="row" className="availability-name">
                <Tooltip
                  label={t('availabilityPage.missingDays', { name: m.name, count: m.missing })}
                  disabled={m.missing === 0}
                >
                  <span>
                    {m.name}
                    {m.entersAvailability && m.missing > 0 && (
                      <span
                        className="availability-missing-dot"
                        role="img"
                        aria-label={t('availabilityPage.missingDays', { name: m.name, count: m.missing })}
                      />
                    )}
                  </span>
                </Tooltip>
              </th>
              {days.map((d) => (
                <td key={d} data-today={d === today || undefined}>
                  {can(m.id, d).change ? (
                    <button
                      type="button"
                      className="availability-cell-button"
                      onClick={() => open(m, d)}
                      data-testid={`cell-${m.id}-${d}`}
                    >
                      <Cell state={stateOf?.(m.id, d) as DayState} sick={sickOn(m.id, d)} label={labelOf(m, d)} />
                    </button>
                  ) : (
                    <Cell state={stateOf?.(m.id, d) as DayState} sick={sickOn(m.id, d)} label={labelOf(m, d)} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
