import { mayViewTeamAvailability, memberFromInit } from '@app/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { PageTitle } from '../../ui/PageTitle';
import { MyAvailability } from './MyAvailability';
import { TeamAvailability } from './TeamAvailability';
import { useAvailabilityLive } from './useAvailabilityLive';
import './availability.css';

/**
 * Availability (docs/product/availability.md): the member's own calendar, and for planners the team's view. A planner
 * who does not enter availability themself opens on the team.
 */
export default function AvailabilityPage() {
  const { t } = useTranslation();
  const init = useSession();
  useAvailabilityLive();
  const planner = mayViewTeamAvailability(memberFromInit(init));
  const [search, setSearch] = useSearchParams();
  const fallback = planner && !init.membership.availability ? 'team' : 'mine';
  const view = planner ? (search.get('view') ?? fallback) : 'mine';
  useAvailabilityLive();
  return (
    <Stack gap="md" data-testid="availability-page">
      <PageTitle
        title={t('availabilityPage.title')}
        subtitle={view === 'team' ? t('availabilityPage.teamSubtitle') : t('availabilityPage.mineSubtitle')}
        right={
          planner ? (
            <SegmentedControl
              value={view}
              onChange={(v) => setSearch({ view: v }, { replace: true })}
              data={[
                { value: 'mine', label: t('availabilityPage.mine') },
                { value: 'team', label: t('availabilityPage.team') },
              ]}
              data-testid="availability-view"
            />
          ) : undefined
        }
      />
      {view === 'team' ? <TeamAvailability /> : <MyAvailability />}
    </Stack>
  );
}
