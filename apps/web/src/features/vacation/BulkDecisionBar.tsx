import type { VacationDecision } from '@app/contracts';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { decideVacations, vacationKeys } from './api';
import { wordConflict } from './conflicts';
import { MessageDialog } from './MessageDialog';

/** Approves or denies the selected pending requests at once. */
export function BulkDecisionBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [denying, setDenying] = useState(false);
  const mutation = useMutation({
    mutationFn: (v: { decision: VacationDecision; message: string | null }) => decideVacations({ ids, ...v }),
    onError: wordConflict,
    onSuccess: (rows, v) => {
      void queryClient.invalidateQueries({ queryKey: vacationKeys.all });
      notify('success', t(`vacation.decidedMany.${v.decision}`, { count: rows.length }));
      setDenying(false);
      onDone();
    },
  });
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-blue-light)" data-testid="vacation-bulk">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          {t('vacation.selected', { count: ids.length })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            color="teal"
            loading={mutation.isPending && mutation.variables?.decision === 'approved'}
            onClick={() => mutation.mutate({ decision: 'approved', message: null })}
            data-testid="vacation-bulk-approve"
          >
            {t('vacation.approve')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => setDenying(true)}
            data-testid="vacation-bulk-deny"
          >
            {t('vacation.deny')}
          </Button>
        </Group>
      </Group>
      <MessageDialog
        opened={denying}
        title={t('vacation.denyTitleMany', { count: ids.length })}
        confirm={t('vacation.deny')}
        busy={mutation.isPending}
        onClose={() => setDenying(false)}
        onConfirm={(message) => mutation.mutate({ decision: 'denied', message })}
      />
    </Paper>
  );
}
