import type { MemberDetail } from '@app/contracts';
import { Alert } from '@mantine/core';
import { formatDate } from '../../../ui/format';
import type { EmployeeState } from './useEmployee';

/** What the page says first: inactive, changed by owners only, invited. */
export function EmployeeNotices({ detail, e }: { detail: MemberDetail; e: EmployeeState }) {
  const { t, lang, mayChange, invited } = e;
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
    </>
  );
}
