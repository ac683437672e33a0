import fc from 'fast-check';

/** A JSON schema as @fastify/swagger writes it for our zod contracts (the parts the fuzzer reads). */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  $ref?: string;
}

export type IdKind = 'location' | 'duty' | 'shift' | 'tag' | 'membership' | 'item' | 'costCentre' | 'any';

/** Ids the fuzzer puts where a schema wants a uuid, by kind: the account's own, and another account's. */
export interface IdPools {
  own: Record<IdKind, string[]>;
  foreign: Record<IdKind, string[]>;
}

/** Which kind of id a field or parameter holds, from its name (or the path segment before `{id}`). */
export function idKindOf(name: string | undefined): IdKind {
  if (!name) return 'any';
  if (/location/i.test(name)) return 'location';
  if (/dut/i.test(name)) return 'duty';
  if (/shift/i.test(name)) return 'shift';
  if (/tag/i.test(name)) return 'tag';
  if (/user|member|applicant|assignee/i.test(name)) return 'membership';
  if (/item/i.test(name)) return 'item';
  if (/cost/i.test(name)) return 'costCentre';
  return 'any';
}

/** Values aimed at a string field: what must be refused in text, dates and ids. */
export function stringAttacks(pools: IdPools, kind: IdKind): unknown[] {
  return [
    'a\u0000b',
    '\u0000',
    '\uD800',
    'x\uDFFFy',
    'x'.repeat(100_000),
    'x'.repeat(501),
    'bell\u0007',
    '',
    '   ',
    '9999-12-31',
    '5000-01-01',
    '0000-00-00',
    '2026-02-30',
    '1949-12-31',
    UNKNOWN_ID,
    ...(pools.foreign[kind].length ? pools.foreign[kind] : pools.foreign.any).slice(0, 3),
  ];
}

/** JSON text sent as it is, inside a body or a URL. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes RawJson values as their text. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  if (text === undefined) return '';
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_, i) => raws[Number(i)]);
}

export const UNKNOWN_ID = '3f0e7c7e-2b9a-4c4e-9d7e-000000000000';

/** Values no field should accept as they are, or that push a boundary: the fuzzer's vocabulary of bad input. */
export function badValues(pools: IdPools): unknown[] {
  // Nesting this deep overflows JSON.stringify's stack: it travels as ready-made JSON text.
  const deep = new RawJson(`${'['.repeat(5_000)}"bottom"${']'.repeat(5_000)}`);
  const deepObject = new RawJson(`${'{"a":'.repeat(5_000)}{}${'}'.repeat(5_000)}`);
  return [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.000001,
    1e308,
    -1e308,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    '',
    ' ',
    '   \t  ',
    'x'.repeat(100_000),
    'a\u0000b',
    '\u0000',
    '\uD800',
    'x\uDFFFy',
    'bell\u0007',
    'line\nbreak',
    'ﬁ\u0301 e\u0301',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '__proto__',
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
    deep,
    deepObject,
    {},
    [],
    [null],
    Array.from({ length: 10_000 }, () => 'x'),
    '9999-12-31',
    '5000-01-01',
    '0000-00-00',
    '2026-02-30',
    '2027-02-29',
    '1949-12-31',
    '2051-01-01',
    '-0001-01-01',
    '2026-1-1',
    '24:00',
    '23:60',
    '99:99',
    '-01:00',
    'not-a-uuid',
    UNKNOWN_ID,
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    ...pools.foreign.any.slice(0, 6),
  ];
}

const DATE = /\\d\{4\}-|\(\?:\(\?:\\d\\d/;
const TIME = /\[01\]\\d\|2\[0-3\]/;

/** Resolves `$ref`s against the document's components. */
export function resolver(components: Record<string, JsonSchema>) {
  return function resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop()!;
    return resolve(components[name] ?? {});
  };
}

/**
 * A value the schema would likely accept, built from the account's own ids and nearby dates, so that a mutation of
 * one part reaches the code behind validation instead of failing on every other field.
 */
export function plausible(
  schema: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  pools: IdPools,
  dates: string[],
  name?: string,
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => plausible(v, resolve, pools, dates, name)));
  if (s.allOf?.length) return plausible(s.allOf[0], resolve, pools, dates, name);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object': {
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const entries: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, prop] of Object.entries(props)) entries[key] = plausible(prop, resolve, pools, dates, key);
        return fc.record(entries, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      case 'array':
        return fc.array(s.items ? plausible(s.items, resolve, pools, dates, name) : fc.string(), { maxLength: 3 });
      case 'integer':
      case 'number': {
        const min = Math.max(s.minimum ?? 0, -1_000);
        const max = Math.min(s.maximum ?? 600, Math.max(min, 1_000));
        return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      }
      case 'boolean':
        return fc.boolean();
      case 'string': {
        if (s.format === 'uuid') {
          const own = pools.own[idKindOf(name)];
          return fc.constantFrom(...(own.length ? own : pools.own.any));
        }
        if (s.format === 'date' || (s.pattern && DATE.test(s.pattern))) return fc.constantFrom(...dates);
        if (s.pattern && TIME.test(s.pattern)) return fc.constantFrom('06:00', '09:30', '14:00', '22:00', '23:45');
        if (s.format === 'email') return fc.constantFrom('planner@example.com', 'nobody@example.com');
        if (s.pattern === '^\\d{6}$') return fc.constantFrom('123456', '000000');
        if (s.pattern === '^#[0-9a-f]{6}$') return fc.constant('#1c7ed6');
        return fc.string({ minLength: Math.max(1, s.minLength ?? 1), maxLength: Math.min(s.maxLength ?? 12, 12) });
      }
      default:
        return fc.constant('fuzz');
    }
  })();
  return s.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}
