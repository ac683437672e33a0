import path from 'node:path';

/**
 * A path given on the command line, as the user meant it: npm runs scripts in the repository's root, and names the
 * folder the command was typed in as INIT_CWD.
 */
export function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}
