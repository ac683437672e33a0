import type { RosterResponse } from '@app/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { EmployeeContext, RosterTab, ToolboxContext } from './model';
import type { useItemEdit } from './useItemEdit';

/** Where a new item is being added: a person's row (or the open row) on a date. */
export interface AddTarget {
  row: string;
  date: string;
}

/** What the roster's components share: the load, who looks at it and what they may do, and the open toolbox. */
export interface RosterView {
  data: RosterResponse;
  queryKey: QueryKey;
  location: string;
  tab: RosterTab;
  me: string;
  today: string;
  timeZone: string;
  weekStartsOn: 'monday' | 'sunday';
  locale: string;
  /** Planners edit; everyone else sees the employee panel. */
  planner: boolean;
  /** Comments may be deleted by their author, an owner or a manager. */
  manager: boolean;
  observerOnly: boolean;
  toolbox: ToolboxContext;
  employee: EmployeeContext;
  edit: ReturnType<typeof useItemEdit>;
  /** The item whose toolbox is open, or the cell being added to. */
  activeItem: string | null;
  adding: AddTarget | null;
  openItem: (id: string) => void;
  openAdd: (target: AddTarget) => void;
  closeToolbox: () => void;
  /** The planner's bulk selection of items. */
  selected: ReadonlySet<string>;
  toggleSelected: (id: string) => void;
  clearSelected: () => void;
}

export const RosterViewContext = createContext<RosterView | null>(null);

export function useRosterView(): RosterView {
  const view = useContext(RosterViewContext);
  if (!view) throw new Error('useRosterView outside the roster');
  return view;
}
