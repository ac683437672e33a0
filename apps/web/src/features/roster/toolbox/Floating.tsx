import { Drawer, Popover } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Focus moving the dropdown into view may scroll once; scrolls this soon after opening do not close it. */
const SETTLE_MS = 400;

/**
 * The toolbox floating at its anchor: focus stays inside while it is open; it closes on Escape, a click outside,
 * scrolling and resizing. While a confirmation is asked (a modal above it) it stays open.
 */
export function ToolboxPopover({
  target,
  onClose,
  children,
  label,
}: {
  target: ReactElement;
  onClose: () => void;
  children: ReactNode;
  label: string;
}) {
  const { modals } = useModals();
  const asking = modals.length > 0;
  const dropdown = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (asking) return;
    const opened = performance.now();
    const onScroll = (event: Event) => {
      if (performance.now() - opened < SETTLE_MS) return;
      const node = event.target;
      if (node instanceof Node && dropdown.current?.contains(node)) return;
      closeRef.current();
    };
    const onResize = () => closeRef.current();
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [asking]);

  return (
    <Popover
      opened
      onChange={(open) => !open && onClose()}
      trapFocus
      returnFocus={false}
      closeOnEscape={!asking}
      closeOnClickOutside={!asking}
      position="bottom-start"
      width={360}
      shadow="lg"
      middlewares={{
        flip: true,
        shift: { padding: 8 },
        // The toolbox never runs off the screen: it scrolls inside itself (which does not close it).
        size: {
          padding: 8,
          apply: ({ availableHeight, elements }: { availableHeight: number; elements: { floating: HTMLElement } }) => {
            elements.floating.style.maxHeight = `${Math.max(220, Math.floor(availableHeight))}px`;
          },
        },
      }}
      zIndex={250}
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown ref={dropdown} aria-label={label} className="roster-toolbox" p="sm">
        {children}
      </Popover.Dropdown>
    </Popover>
  );
}

/** On phones the toolbox is a bottom sheet. */
export function ToolboxSheet({
  opened,
  onClose,
  children,
  label,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
  label: string;
}) {
  const { t } = useTranslation();
  const { modals } = useModals();
  const asking = modals.length > 0;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
      withCloseButton={false}
      closeOnEscape={!asking}
      closeOnClickOutside={!asking}
      title={<span className="roster-sr">{label}</span>}
      radius="md"
      styles={{
        content: { height: 'auto', maxHeight: '85dvh', flex: 'none', width: '100%' },
        header: { minHeight: 0, padding: 0 },
        body: { paddingTop: 'var(--mantine-spacing-md)', paddingBottom: 'var(--mantine-spacing-lg)' },
      }}
      closeButtonProps={{ 'aria-label': t('roster.toolbox.close') }}
      data-testid="toolbox-sheet"
    >
      {children}
    </Drawer>
  );
}
