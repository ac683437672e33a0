/**
 * What the item toolbox offers a planner for an item (docs/product/roster.md, "Tabs and the item toolbox"): for an
 * assigned item, the duties its person holds and their tags, plus whatever the item has already (it stays visible to
 * be seen and removed); `held` null (an open item, a person the planner may not see) offers every one.
 */
export function offeredChoices<T extends { id: string }>(
  all: readonly T[],
  held: readonly string[] | null,
  current: readonly (string | null)[],
): T[] {
  if (!held) return [...all];
  const keep = new Set([...held, ...current.filter((c): c is string => c !== null)]);
  return all.filter((c) => keep.has(c.id));
}
