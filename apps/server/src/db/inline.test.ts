import { describe, expect, it } from 'vitest';
import { inlineParams } from './inline';

describe('writing parameters into a statement', () => {
  it('writes values as node-postgres sends them, quoted so no value can end its literal', () => {
    expect(inlineParams('select $1, $2, $3, $4', ["O'Brien", null, 5, true])).toBe(
      "select 'O''Brien', NULL, '5', 'true'",
    );
    expect(inlineParams('select $1', ['back\\slash'])).toBe("select  E'back\\\\slash'");
    expect(inlineParams('select $1, $2', [['a', 'b"c'], { k: "it's" }])).toBe(
      String.raw`select  E'{"a","b\\"c"}', '{"k":"it''s"}'`,
    );
    expect(inlineParams('select $1', [Buffer.from([1, 255])])).toBe("select '\\x01ff'::bytea");
  });

  it('replaces $10 as the tenth value, not the first followed by 0', () => {
    const values = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParams('select $1, $10', values)).toBe("select '1', '10'");
  });

  it('leaves $n alone inside strings, identifiers, dollar quotes and comments', () => {
    const text = `select '$1', "$1", E'\\'$1', $tag$ $1 $tag$, $$ $1 $$ -- $1
      /* $1 */ , $1`;
    expect(inlineParams(text, ['x'])).toBe(`select '$1', "$1", E'\\'$1', $tag$ $1 $tag$, $$ $1 $$ -- $1
      /* $1 */ , 'x'`);
  });

  it('refuses a statement that names a value it was not given', () => {
    expect(() => inlineParams('select $2', ['only one'])).toThrow();
  });
});
