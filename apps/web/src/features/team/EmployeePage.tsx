import type { MemberDetail } from '@app/contracts';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { holdingsQuery, memberQuery } from './api';
import type { HoldingsValues } from './sections';
import './team.css';

import { EmployeeForm } from './employee/EmployeeForm';
import { EmployeeHeader } from './employee/EmployeeHeader';
import { EmployeeNotices } from './employee/EmployeeNotices';
import { useEmployee } from './employee/useEmployee';

export default function EmployeePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const detail = useQuery(memberQuery(id));
  const holdings = useQuery(holdingsQuery(id));

  if (detail.isPending || holdings.isPending) {
    return (
      <Stack>
        <Skeleton height={56} width="50%" />
        <Skeleton height={36} />
        <Skeleton height={320} />
      </Stack>
    );
  }
  if (detail.isError || holdings.isError) {
    return (
      <Alert color="red" title={t('errors.title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('team.loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => Promise.all([detail.refetch(), holdings.refetch()])}>
            {t('common.reload')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Employee key={id} detail={detail.data} holdings={{ ...holdings.data, costCentreIds: detail.data.costCentreIds }} />
  );
}
function Employee({ detail, holdings }: { detail: MemberDetail; holdings: HoldingsValues }) {
  const e = useEmployee(detail, holdings);
  return (
    <Stack gap="md" data-testid="employee-page" pb={e.dirty ? 0 : 'xl'}>
      <EmployeeHeader detail={detail} e={e} />
      <EmployeeNotices detail={detail} e={e} />
      <EmployeeForm detail={detail} e={e} />
    </Stack>
  );
}
