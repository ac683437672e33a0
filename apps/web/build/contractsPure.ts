import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const CONTRACT = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
const FUNCTION = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration', 'ClassExpression']);

/** The calls of an initialiser outside any function body (those run when the module loads). */
function callsIn(node: unknown, found: number[]): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) callsIn(child, found);
    return;
  }
  const n = node as Node;
  if (typeof n.type !== 'string' || FUNCTION.has(n.type)) return;
  if (n.type === 'CallExpression' || n.type === 'NewExpression') found.push(n.start);
  for (const [key, value] of Object.entries(n)) if (key !== 'type') callsIn(value, found);
}

/**
 * Marks each schema the contracts build when their module loads as free of side effects (`\/* @__PURE__ *\/` before
 * every call in a top-level `const`'s initialiser), so a chunk keeps only the schemas it uses: the shell imports a
 * constant or two from modules full of schemas (the setup steps, the idempotent creates) without zod and them
 * (docs/architecture.md, "The web app's shell"; `npm run bench:shell`). Building a zod schema has no effect beyond
 * its value; statements that are not declarations (none today) are left as they are.
 */
export function contractsPure(): Plugin {
  return {
    name: 'contracts-pure',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id.split('?')[0] as string)) return undefined;
      const program = this.parse(code) as unknown as { body: Node[] };
      const found: number[] = [];
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) callsIn(declarator.init, found);
      }
      if (found.length === 0) return undefined;
      let out = code;
      for (const at of [...new Set(found)].sort((a, b) => b - a)) {
        out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
      }
      return { code: out, map: null };
    },
  };
}
