import pg from 'pg';

/**
 * A parameterised statement written out with its values as SQL literals, so it can share one simple-protocol
 * message with the statement that sets the tenant (`db/rls.ts`): one round trip instead of BEGIN, set, query, COMMIT.
 *
 * Values are written exactly as node-postgres sends parameters (`prepareValue`: dates, arrays, JSON, booleans as
 * text) and quoted with its `escapeLiteral`, so an untyped parameter and the literal that replaces it mean the same
 * to PostgreSQL, and no value can end the literal. `$n` is replaced only in the statement's own text: never inside
 * string literals, quoted identifiers, dollar-quoted bodies or comments.
 */
export function inlineParams(text: string, values: readonly unknown[] | undefined): string {
  if (!values || values.length === 0) return text;
  const literals = values.map(literal);
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "'" || c === '"') {
      // A quoted string or identifier; a doubled quote stays inside. E'' strings also escape with a backslash.
      const escapes = c === "'" && i > 0 && /[eE]/.test(text[i - 1]) && !/[\w$]/.test(text[i - 2] ?? '');
      let j = i + 1;
      while (j < n) {
        if (escapes && text[j] === '\\') j += 2;
        else if (text[j] === c && text[j + 1] === c) j += 2;
        else if (text[j] === c) break;
        else j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const j = end === -1 ? n : end;
      out += text.slice(i, j);
      i = j;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const j = end === -1 ? n : end + 2;
      out += text.slice(i, j);
      i = j;
    } else if (c === '$') {
      const param = /^\$(\d+)/.exec(text.slice(i, i + 12));
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
      const previous = text[i - 1] ?? '';
      if (param && !/[\w$]/.test(previous)) {
        const index = Number(param[1]) - 1;
        if (index < 0 || index >= literals.length) throw new Error(`no value for $${param[1]}`);
        out += literals[index];
        i += param[0].length;
      } else if (tag && !/[\w$]/.test(previous)) {
        // A dollar-quoted body runs to the same tag.
        const end = text.indexOf(tag[0], i + tag[0].length);
        const j = end === -1 ? n : end + tag[0].length;
        out += text.slice(i, j);
        i = j;
      } else {
        out += c;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** node-postgres's own conversion of a parameter to its text (typed loosely in @types/pg, so named here). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'::bytea`;
  return pg.escapeLiteral(String(prepared));
}
