import pg from 'pg';

/** A database's URL on the PostgreSQL server of `base`. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the server of `base`, outside any test database (creating and dropping them). */
export async function onServer(base: string, statements: string[]) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}
