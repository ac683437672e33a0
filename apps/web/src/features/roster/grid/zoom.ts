/**
 * The grid's zoom (docs/product/roster.md, "A big planning"): the width of a day column and of the names. Compact
 * fits a month's days on a laptop's screen, with shortened cards (duty and times only).
 */
export const ZOOMS = ['compact', 'normal', 'wide'] as const;
export type Zoom = (typeof ZOOMS)[number];

const WIDTHS: Record<Zoom, { day: number; name: number }> = {
  compact: { day: 72, name: 152 },
  normal: { day: 128, name: 176 },
  wide: { day: 184, name: 200 },
};

export const isZoom = (value: unknown): value is Zoom => (ZOOMS as readonly unknown[]).includes(value);

/** The CSS variables the grid's template reads. */
export function zoomStyle(zoom: Zoom): React.CSSProperties {
  const { day, name } = WIDTHS[zoom];
  return { '--roster-day-col': `${day}px`, '--roster-name-col': `${name}px` } as React.CSSProperties;
}
