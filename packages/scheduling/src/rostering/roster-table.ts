import { OFF, type Roster, type RosterInstance } from './instance';

/**
 * A roster as text: one line per person, their id then one cell per day, tab separated; a cell is the shift's id or
 * empty for a day off.
 */
export function writeRoster(instance: RosterInstance, roster: Roster): string {
  return instance.people
    .map((p, e) => [p.id, ...roster[e].map((s) => (s === OFF ? '' : instance.shifts[s].id))].join('\t'))
    .join('\n')
    .concat('\n');
}

/** Reads what `writeRoster` writes; people in any order, every person and day present. */
export function readRoster(instance: RosterInstance, text: string): Roster {
  const shiftIndex = new Map(instance.shifts.map((s, i) => [s.id, i]));
  const personIndex = new Map(instance.people.map((p, i) => [p.id, i]));
  const roster: (number[] | undefined)[] = instance.people.map(() => undefined);
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const [id, ...cells] = line.split('\t');
    const e = personIndex.get(id.trim());
    if (e === undefined) throw new Error(`unknown employee ${id}`);
    if (cells.length !== instance.days) throw new Error(`${id}: ${cells.length} days, expected ${instance.days}`);
    roster[e] = cells.map((c) => {
      const cell = c.trim();
      if (cell === '') return OFF;
      const s = shiftIndex.get(cell);
      if (s === undefined) throw new Error(`${id}: unknown shift ${cell}`);
      return s;
    });
  }
  return roster.map((row, e) => {
    if (!row) throw new Error(`missing employee ${instance.people[e].id}`);
    return row;
  });
}
