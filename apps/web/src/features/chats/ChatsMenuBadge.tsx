import { unreadBubble } from '@app/domain';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadChats } from './api';

/** The chats menu entry's unread bubble: hidden at 0, capped at 99 (shown +99 beyond; docs/product/chats.md). */
export function ChatsMenuBadge() {
  const { t } = useTranslation();
  const count = useUnreadChats();
  const bubble = unreadBubble(count);
  if (!bubble) return null;
  return (
    <>
      <Badge size="sm" variant="filled" color="red" aria-hidden data-testid="menu-chats-unread">
        {bubble}
      </Badge>
      <VisuallyHidden>{t('chats.unread', { count })}</VisuallyHidden>
    </>
  );
}
