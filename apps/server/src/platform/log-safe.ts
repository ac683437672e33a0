/**
 * What an unexpected error may put in the log: its kind, the SQL state and constraint, and the stack. Never the
 * query's parameters, the row's values (`detail`) or a driver message that quotes them: those hold user content.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const e = error as { name?: string; message?: string; code?: unknown; stack?: string; cause?: unknown };
  const cause = (e?.cause ?? null) as { name?: string; code?: unknown; constraint?: unknown; table?: unknown } | null;
  // Drizzle wraps driver errors in "Failed query: … params: …": keep the driver's error, not that message.
  const wrapped = Boolean(cause) && /^Failed query/.test(e?.message ?? '');
  const source = (wrapped ? cause : e) as typeof e & { constraint?: unknown; table?: unknown };
  return {
    type: source?.name ?? typeof error,
    sqlState: isSqlState(source?.code) ? source.code : undefined,
    constraint: typeof source?.constraint === 'string' ? source.constraint : undefined,
    table: typeof source?.table === 'string' ? source.table : undefined,
    // A database's message may quote the value it refused ('invalid input syntax for type uuid: "…"').
    message: wrapped || isSqlState(source?.code) ? undefined : e?.message?.slice(0, 200),
    // Only the frames: the first lines of a stack repeat the message.
    stack: e?.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .join('\n'),
  };
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
