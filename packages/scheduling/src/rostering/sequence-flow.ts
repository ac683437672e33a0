import type { Person } from './instance';

/**
 * A person's runs of work and days off as a path in a small acyclic network over the days, which holds the run
 * rules exactly and gives the model a much tighter relaxation than window constraints:
 * - node R(d): "free to start work on day d" (day 0, or after enough days off); node F(d): "a run of work ended on
 *   day d - 1", so day d is off;
 * - a work arc R(a) → F(b + 1) per run a..b of allowed length (at most the maximum; at least the minimum unless the
 *   run touches the first or the last day) on days the person may work;
 * - an off arc F(d) → R(d + k) for the minimum days off k (at least 1), an off arc R(d) → R(d + 1) for each further
 *   day off (and days off at the start), and arcs F(d) → sink (days off up to the end, any length) and R(H) → sink.
 * Flow 1 leaves R(0) and reaches the sink. Each arc is a continuous column: with the days' binaries tied to the work
 * arcs covering them, an integral roster forces a path (a 0/1 vector is no mix of other 0/1 vectors).
 */
export interface SequenceFlow {
  /** Per node: its name, its outgoing arc columns, its incoming arc columns. */
  nodes: [string, number[], number[]][];
  /** Per day: the work arc columns covering it. */
  covering: number[][];
  /** The arc columns of the path of a roster row (true = works that day). */
  pathOf(works: readonly boolean[]): number[];
}

export function sequenceFlow(
  person: Person,
  days: number,
  canWork: readonly boolean[],
  next: () => number,
): SequenceFlow {
  const H = days;
  const cMax = Math.max(0, person.maxConsecutiveShifts);
  const cMin = Math.max(1, person.minConsecutiveShifts);
  const kOff = Math.max(1, person.minConsecutiveDaysOff);
  const out = new Map<string, number[]>();
  const into = new Map<string, number[]>();
  const names: string[] = [];
  const node = (n: string) => {
    if (!out.has(n)) {
      out.set(n, []);
      into.set(n, []);
      names.push(n);
    }
    return n;
  };
  const arcs = new Map<string, number>();
  const arc = (from: string, to: string) => {
    const key = `${from}>${to}`;
    const existing = arcs.get(key);
    if (existing !== undefined) return existing;
    const j = next();
    arcs.set(key, j);
    out.get(node(from))?.push(j);
    into.get(node(to))?.push(j);
    return j;
  };
  const R = (d: number) => `R${d}`;
  const F = (d: number) => `F${d}`;
  node('source');
  node(R(0));
  const source = arc('source', R(0));
  const covering: number[][] = Array.from({ length: H }, () => []);
  const work = new Map<string, number>();
  for (let a = 0; a < H; a++) {
    arc(R(a), R(a + 1));
    for (let b = a; b < H && b - a + 1 <= cMax && canWork[b]; b++) {
      const length = b - a + 1;
      if (length < cMin && a > 0 && b < H - 1) continue;
      const j = arc(R(a), F(b + 1));
      work.set(`${a}-${b}`, j);
      for (let d = a; d <= b; d++) covering[d].push(j);
    }
  }
  for (let d = 1; d <= H; d++) {
    if (!out.has(F(d))) continue;
    arc(F(d), 'sink');
    if (d + kOff <= H) arc(F(d), R(d + kOff));
  }
  arc(R(H), 'sink');
  const nodes: [string, number[], number[]][] = names.map((n) => [n, out.get(n) ?? [], into.get(n) ?? []]);

  const pathOf = (works: readonly boolean[]): number[] => {
    const path = [source];
    const at = (key: string) => {
      const j = arcs.get(key);
      if (j === undefined) throw new Error(`no arc ${key}`);
      path.push(j);
    };
    let d = 0;
    let state = R(0);
    while (d < H) {
      if (works[d]) {
        let b = d;
        while (b + 1 < H && works[b + 1]) b++;
        at(`${state}>${F(b + 1)}`);
        if (!state.startsWith('R')) throw new Error('work after a short rest');
        state = F(b + 1);
        d = b + 1;
        continue;
      }
      let b = d;
      while (b + 1 < H && !works[b + 1]) b++;
      const length = b - d + 1;
      if (state.startsWith('F') && b === H - 1) {
        at(`${state}>sink`);
        return path;
      }
      if (state.startsWith('F')) {
        at(`${state}>${R(d + kOff)}`);
        for (let k = d + kOff; k < d + length; k++) at(`${R(k)}>${R(k + 1)}`);
      } else {
        for (let k = d; k < d + length; k++) at(`${R(k)}>${R(k + 1)}`);
      }
      state = R(d + length);
      d = b + 1;
    }
    at(`${state}>sink`);
    return path;
  };
  return { nodes, covering, pathOf };
}
