import type { ChatStatus } from '@app/contracts';
import { chatDelivery } from '@app/domain';
import { Tooltip } from '@mantine/core';
import { IconCheck, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One check (sent), two checks (received by at least one), two highlighted checks (read by all). */
export function MessageStatus({ statuses }: { statuses: readonly ChatStatus[] }) {
  const { t } = useTranslation();
  const delivery = chatDelivery(statuses);
  const label = t(`chats.status.${delivery}`);
  return (
    <Tooltip label={label} withArrow>
      <span
        className={`chat-status chat-status-${delivery}`}
        role="img"
        aria-label={label}
        data-testid="chat-status"
        data-status={delivery}
      >
        {delivery === 'sent' ? <IconCheck size={15} stroke={2} /> : <IconChecks size={15} stroke={2} />}
      </span>
    </Tooltip>
  );
}
