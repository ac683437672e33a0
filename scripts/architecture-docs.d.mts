/** Types of scripts/architecture-docs.mjs for its test. */
export const ROOT: string;
export const DOC: string;
export function generatedBlocks(root?: string): Record<string, string>;
export function render(doc: string, blocks: Record<string, string>): string;
