import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePathTo } from '../../ui/useLang';
import { documentKeys, documentsQuery } from './api';
import { PayslipMonths } from './PayslipMonths';

/** A member's payslips on the employee page by month, newest first, as the viewer may see them. */
export function PayslipsPanel({ membershipId }: { membershipId: string }) {
  const { t } = useTranslation();
  const pathTo = usePathTo();
  const queryClient = useQueryClient();
  const file = useQuery(documentsQuery(membershipId));
  const payslips = (file.data?.documents ?? []).filter((d) => d.folder === 'payslips');
  if (file.isPending) return <Skeleton height={80} radius="md" />;
  return (
    <Stack gap="sm" data-testid="employee-payslips">
      {payslips.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('payslips.none')}
        </Text>
      ) : (
        <PayslipMonths
          files={payslips}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: documentKeys.all })}
        />
      )}
      <Anchor component={Link} to={pathTo('payslips')} size="sm">
        {t('payslips.send')}
      </Anchor>
    </Stack>
  );
}
