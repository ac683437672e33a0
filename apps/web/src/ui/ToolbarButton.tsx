import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  label: string;
  /** Phones: the icon alone, named for assistive technology and in a tooltip. */
  compact: boolean;
  onClick?: () => void;
  /** The page's main action is filled; the others are plain. */
  primary?: boolean;
  'data-testid'?: string;
}

/** A toolbar button: icon and label, or the icon alone on phones. */
export const ToolbarButton = forwardRef<HTMLButtonElement, Props>(function ToolbarButton(
  { icon, label, compact, onClick, primary, ...rest },
  ref,
) {
  if (compact) {
    return (
      <Tooltip label={label}>
        <ActionIcon
          ref={ref}
          variant={primary ? 'filled' : 'default'}
          size={36}
          aria-label={label}
          onClick={onClick}
          {...rest}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button ref={ref} variant={primary ? 'filled' : 'default'} leftSection={icon} onClick={onClick} {...rest}>
      {label}
    </Button>
  );
});
