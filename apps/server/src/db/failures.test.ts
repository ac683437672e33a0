import { describe, expect, it } from 'vitest';
import { databaseFailure } from './failures';

/** An error as node-postgres or PGlite raises it: a message and the SQL state. */
const sqlError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error: "Failed query: …" with the driver's error as its cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: update "users" set …\nparams: …'), { cause });

describe('databaseFailure', () => {
  it('names a full disk: PostgreSQL disk_full, ENOSPC from the file system, PGlite quoting it', () => {
    expect(
      databaseFailure(wrapped(sqlError('53100', 'could not extend file "base/5/16397": No space left on device'))),
    ).toBe('disk-full');
    expect(
      databaseFailure(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    ).toBe('disk-full');
    expect(databaseFailure(new Error('could not write to file "pg_wal/xlogtemp.1": No space left on device'))).toBe(
      'disk-full',
    );
  });

  it('names a database that is away: terminated, shutting down, refused, cut, timed out', () => {
    expect(databaseFailure(wrapped(sqlError('57P01', 'terminating connection due to administrator command')))).toBe(
      'unavailable',
    );
    expect(databaseFailure(sqlError('57P03', 'the database system is starting up'))).toBe('unavailable');
    expect(databaseFailure(sqlError('08006', 'connection failure'))).toBe('unavailable');
    expect(databaseFailure(wrapped(new Error('Connection terminated unexpectedly')))).toBe('unavailable');
    expect(databaseFailure(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      'unavailable',
    );
    expect(databaseFailure(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    // A connect to an address that resolves twice (IPv4 and IPv6) fails with both.
    const refused = Object.assign(
      new AggregateError([sqlError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')]),
      {
        code: 'ECONNREFUSED',
      },
    );
    expect(databaseFailure(refused)).toBe('unavailable');
  });

  it('leaves the request’s own errors alone', () => {
    expect(databaseFailure(wrapped(sqlError('23505', 'duplicate key value violates unique constraint')))).toBeNull();
    expect(databaseFailure(sqlError('22P02', 'invalid input syntax for type uuid'))).toBeNull();
    expect(databaseFailure(new Error('something else'))).toBeNull();
    expect(databaseFailure(undefined)).toBeNull();
  });
});
