import type { RosterResponse } from '@app/contracts';
import { type UndroppableReason, undroppableReason } from '@app/domain';
import './noDrop.css';

/** Why a day takes no dragged duty, for planners (packages/domain's `undroppableReason`); null when it takes one. */
export const noDropReason = (day: RosterResponse['days'][number], planner: boolean): UndroppableReason | null =>
  planner ? undroppableReason(day) : null;

/** While dragging, a day that takes no duty says why over its cells ("Past day", "Hours billed"...). */
export function NoDropReason({ text }: { text: string }) {
  return (
    <div className="roster-nodrop" data-testid="roster-nodrop">
      <span>{text}</span>
    </div>
  );
}
