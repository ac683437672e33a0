import type { RosterView } from '../context';

/**
 * Whether a cell or row may skip a render: the same props, and of the shared view only what it shows, unless it
 * holds the open toolbox (which reads the whole view). Opening a toolbox, typing in it or a pending edit then
 * renders the one row and cell that hold it, not the hundreds of items on screen.
 */
function sameView(a: RosterView, b: RosterView, toolbox: boolean): boolean {
  if (toolbox) return a === b;
  return (
    a.data === b.data &&
    a.selected === b.selected &&
    a.planner === b.planner &&
    a.me === b.me &&
    a.tab === b.tab &&
    a.locale === b.locale &&
    a.today === b.today
  );
}

/** Whether a memoised cell or row may skip a render (see sameView). */
export function sameProps<P extends { view: RosterView; toolbox: boolean }>(a: P, b: P): boolean {
  for (const key of Object.keys(a) as (keyof P)[]) {
    if (key !== 'view' && a[key] !== b[key]) return false;
  }
  return sameView(a.view, b.view, a.toolbox || b.toolbox);
}
