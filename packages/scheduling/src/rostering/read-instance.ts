import type { Cover, Person, RosterInstance, ShiftRequest, ShiftType } from './instance';

/** The sections of the employee shift scheduling benchmark's text format, each a list of comma separated lines. */
function sections(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('SECTION_')) {
      current = [];
      out.set(line, current);
      continue;
    }
    if (!current) throw new Error(`line outside a section: ${line}`);
    current.push(line);
  }
  return out;
}

function int(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(n))
    throw new Error(`${what}: not an integer: ${value}`);
  return n;
}

/**
 * Reads an instance in the text format of the employee shift scheduling benchmark (sections SECTION_HORIZON,
 * SECTION_SHIFTS, SECTION_STAFF, SECTION_DAYS_OFF, SECTION_SHIFT_ON_REQUESTS, SECTION_SHIFT_OFF_REQUESTS,
 * SECTION_COVER; lines starting with # are comments). Throws on unknown ids and malformed numbers.
 */
export function readInstance(text: string, name = 'instance'): RosterInstance {
  const s = sections(text);
  const horizon = s.get('SECTION_HORIZON') ?? [];
  const days = int(horizon[0], 'horizon');

  const shiftLines = (s.get('SECTION_SHIFTS') ?? []).map((l) => l.split(',').map((p) => p.trim()));
  const shiftIndex = new Map(shiftLines.map((p, i) => [p[0], i]));
  const shiftOf = (id: string) => {
    const i = shiftIndex.get(id);
    if (i === undefined) throw new Error(`unknown shift ${id}`);
    return i;
  };
  const shifts: ShiftType[] = shiftLines.map((p) => ({
    id: p[0],
    minutes: int(p[1], `shift ${p[0]} length`),
    notFollowedBy: (p[2] ?? '')
      .split('|')
      .map((x) => x.trim())
      .filter((x) => x !== '')
      .map(shiftOf),
  }));

  const people: Person[] = (s.get('SECTION_STAFF') ?? []).map((line) => {
    const p = line.split(',').map((x) => x.trim());
    const maxShifts = shifts.map(() => days);
    for (const entry of (p[1] ?? '').split('|')) {
      if (entry.trim() === '') continue;
      const [sid, n] = entry.split('=');
      maxShifts[shiftOf(sid.trim())] = int(n, `${p[0]} MaxShifts`);
    }
    return {
      id: p[0],
      maxShifts,
      maxTotalMinutes: int(p[2], `${p[0]} MaxTotalMinutes`),
      minTotalMinutes: int(p[3], `${p[0]} MinTotalMinutes`),
      maxConsecutiveShifts: int(p[4], `${p[0]} MaxConsecutiveShifts`),
      minConsecutiveShifts: int(p[5], `${p[0]} MinConsecutiveShifts`),
      minConsecutiveDaysOff: int(p[6], `${p[0]} MinConsecutiveDaysOff`),
      maxWeekends: int(p[7], `${p[0]} MaxWeekends`),
      daysOff: [],
    };
  });
  const personIndex = new Map(people.map((p, i) => [p.id, i]));
  const personOf = (id: string) => {
    const i = personIndex.get(id);
    if (i === undefined) throw new Error(`unknown employee ${id}`);
    return i;
  };
  const dayOf = (value: string) => {
    const d = int(value, 'day');
    if (d < 0 || d >= days) throw new Error(`day ${d} outside the horizon`);
    return d;
  };

  for (const line of s.get('SECTION_DAYS_OFF') ?? []) {
    const [id, ...rest] = line.split(',').map((x) => x.trim());
    people[personOf(id)].daysOff.push(...rest.filter((x) => x !== '').map(dayOf));
  }
  const requests = (key: string): ShiftRequest[] =>
    (s.get(key) ?? []).map((line) => {
      const [id, day, sid, weight] = line.split(',').map((x) => x.trim());
      return { person: personOf(id), day: dayOf(day), shift: shiftOf(sid), weight: int(weight, 'weight') };
    });
  const covers: Cover[] = (s.get('SECTION_COVER') ?? []).map((line) => {
    const [day, sid, req, under, over] = line.split(',').map((x) => x.trim());
    return {
      day: dayOf(day),
      shift: shiftOf(sid),
      requirement: int(req, 'requirement'),
      underWeight: int(under, 'under weight'),
      overWeight: int(over, 'over weight'),
    };
  });
  return {
    name,
    days,
    shifts,
    people,
    onRequests: requests('SECTION_SHIFT_ON_REQUESTS'),
    offRequests: requests('SECTION_SHIFT_OFF_REQUESTS'),
    covers,
  };
}
