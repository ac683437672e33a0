import { hasModule, type Period } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/session';
import { PrintWeekMenu } from '../../reports/PrintWeekMenu';
import { WallScreenDialog } from '../../wallscreen/WallScreenDialog';
import { CalendarDialog } from '../CalendarDialog';
import { CopyWeekDialog } from '../CopyWeekDialog';
import { type RosterView, RosterViewContext } from '../context';
import { FillDialog } from '../FillDialog';
import { HistoryMenu } from '../HistoryMenu';
import { Legend } from '../Legend';
import { MatchingWizard } from '../MatchingWizard';
import { PresetDialog } from '../PresetDialog';
import { ReleaseDialog } from '../ReleaseDialog';

/**
 * The toolbar's dialogs and menus: release (the one filled button: publishing is the week's last step), copy last
 * week (on a week), history, fill, matching, presets, print, calendar, wall screen and legend.
 */
export function ToolbarExtras({
  baseView,
  planner,
  location,
  locationName,
  start,
  period,
  today,
  weekStartsOn,
  compact,
  observerOnly,
}: {
  baseView: RosterView;
  planner: boolean;
  location: string | null;
  locationName: string | null | undefined;
  start: string | null;
  period: Period;
  today: string;
  weekStartsOn: RosterView['weekStartsOn'];
  compact: boolean;
  observerOnly: boolean;
}) {
  const { i18n } = useTranslation();
  const access = useAccess();
  return (
    <RosterViewContext.Provider value={baseView}>
      {planner && location && (
        <ReleaseDialog
          location={location}
          locationName={locationName ?? ''}
          releasedUntil={baseView.data.locations[location]?.releasedUntil ?? null}
          today={today}
          locale={i18n.language}
          weekStartsOn={weekStartsOn}
          compact={compact}
          shown={{ from: baseView.data.periods.from, until: baseView.data.periods.until }}
        />
      )}
      {planner && start && period === 'week' && <CopyWeekDialog start={baseView.data.periods.from} compact={compact} />}
      {planner && <HistoryMenu compact={compact} />}
      {planner && <FillDialog compact={compact} />}
      {planner && <MatchingWizard compact={compact} />}
      {planner && start && <PresetDialog start={start} compact={compact} />}
      {planner && location && start && <PrintWeekMenu location={location} week={start} compact={compact} />}
      {!observerOnly && (
        <CalendarDialog
          locale={i18n.language}
          compact={compact}
          planning={planner && location ? { id: location, name: locationName ?? '' } : null}
        />
      )}
      {planner && location && hasModule(access, 'dashboard') && (
        <WallScreenDialog
          planning={{ id: location, name: locationName ?? '' }}
          locale={i18n.language}
          compact={compact}
        />
      )}
      <Legend compact={compact} />
    </RosterViewContext.Provider>
  );
}
