import type { MemberDetail } from '@app/contracts';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { formatDate } from '../../../ui/format';
import type { EmployeeState } from './useEmployee';

/** What the page says first: inactive, changed by owners only, invited, the staff file's missing fields. */
export function EmployeeNotices({ detail, e }: { detail: MemberDetail; e: EmployeeState }) {
  const { t, lang, mayChange, invited, focusTab, tab } = e;
  return (
    <>
      {detail.state === 'inactive' && <Alert color="gray">{t('team.inactiveNotice')}</Alert>}
      {!mayChange && (
        <Alert color="blue" data-testid="member-owner-only">
          {t('team.ownerOnly')}
        </Alert>
      )}
      {invited && (
        <Alert color={detail.state === 'expired' ? 'orange' : 'blue'} data-testid="member-invited">
          {t(detail.state === 'expired' ? 'team.expiredNotice' : 'team.invitedNotice', {
            date: detail.invitedAt ? formatDate(detail.invitedAt, lang) : '',
          })}
        </Alert>
      )}
      {detail.profileMissing > 0 && (
        <Alert color="yellow" data-testid="member-profile-missing">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('team.profileMissing', { count: detail.profileMissing })}</Text>
            {tab !== 'file' && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="inherit"
                underline="always"
                fw={600}
                onClick={() => focusTab('file')}
              >
                {t('team.openStaffFile')}
              </Anchor>
            )}
          </Group>
        </Alert>
      )}
    </>
  );
}
