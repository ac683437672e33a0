import { INPUT_MARK } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Every string a request can carry (path parameters, query parameters, JSON bodies of every route) is built from the
 * primitives of packages/contracts/src/inputs.ts, which mark their schemas; a raw `z.string()` lets NUL, control
 * characters and lone surrogates through to the database (docs/product/errors.md). Walked on the OpenAPI document,
 * which is generated from the same zod schemas the routes validate with, so no route is left out.
 */

type Node = any;

let t: TestApp;
let doc: Node;
beforeAll(async () => {
  t = await createTestApp({ sample: false });
  doc = (t.app as unknown as { swagger(): Node }).swagger();
});
afterAll(async () => t?.dispose());

/** Strings that need no primitive: one of a few values, a uuid, or a primitive's mark. */
const fine = (node: Node) =>
  Array.isArray(node.enum) || 'const' in node || node.format === 'uuid' || typeof node[INPUT_MARK] === 'string';

/** Dotted paths of the string fields of a schema that are not built from a primitive. */
function rawStrings(node: Node, at: string, seen = new Set<Node>()): string[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    return rawStrings(doc.components?.schemas?.[name], at, seen);
  }
  const found: string[] = [];
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('string') && !fine(node)) found.push(at);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const sub of node[key] ?? []) found.push(...rawStrings(sub, at, seen));
  for (const [name, sub] of Object.entries(node.properties ?? {}))
    found.push(...rawStrings(sub, `${at}.${name}`, seen));
  if (node.items) found.push(...rawStrings(node.items, `${at}[]`, seen));
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    found.push(...rawStrings(node.additionalProperties, `${at}{}`, seen));
  if (node.propertyNames) found.push(...rawStrings(node.propertyNames, `${at}{key}`, seen));
  return found;
}

function rawStringsOfDocument(): string[] {
  const found: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Node>>)) {
    for (const [method, op] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) found.push(...rawStrings(p.schema, `${where} ${p.in}:${p.name}`));
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) found.push(...rawStrings(body, `${where} body`));
    }
  }
  return found;
}

describe('request schemas', () => {
  it('walks a document with the routes and their inputs', () => {
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((ops) => Object.keys(ops));
    expect(operations.length).toBeGreaterThan(100);
    // The walk sees the marks: a marked field and a raw one are told apart.
    expect(rawStrings({ type: 'object', properties: { a: { type: 'string', [INPUT_MARK]: 'text' } } }, 'x')).toEqual(
      [],
    );
    expect(rawStrings({ type: 'object', properties: { a: { type: 'string' } } }, 'x')).toEqual(['x.a']);
  });

  it('builds every string field of every request from the primitives of inputs.ts', () => {
    expect(rawStringsOfDocument()).toEqual([]);
  });
});
