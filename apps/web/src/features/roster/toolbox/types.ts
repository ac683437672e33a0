import type { RosterItem } from '@app/contracts';

/** What every toolbox tab receives: the item, and what to do when the tab's work closes the toolbox. */
export interface PanelProps {
  item: RosterItem;
  /** The edit is complete (the toolbox may close). */
  onDone?: () => void;
}
