import { unreadBubble } from '@app/domain';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInboxCount } from './api';

/** The inbox entry's count of answers waiting: hidden at 0, capped like the chats' (docs/product/inbox.md). */
export function InboxMenuBadge() {
  const { t } = useTranslation();
  const count = useInboxCount(true);
  const bubble = unreadBubble(count);
  if (!bubble) return null;
  return (
    <>
      <Badge size="sm" variant="filled" color="blue" aria-hidden data-testid="menu-inbox-count">
        {bubble}
      </Badge>
      <VisuallyHidden>{t('inbox.waiting', { count })}</VisuallyHidden>
    </>
  );
}
