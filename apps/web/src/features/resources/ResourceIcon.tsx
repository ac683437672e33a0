import type { ResourceKind } from '@app/contracts';
import { IconCar, IconTool } from '@tabler/icons-react';

/** The vehicle icon (the roster's sign of a resource) or a tool for equipment. */
export function ResourceIcon({ kind, size = 16 }: { kind: ResourceKind; size?: number }) {
  return kind === 'equipment' ? <IconTool size={size} aria-hidden /> : <IconCar size={size} aria-hidden />;
}
