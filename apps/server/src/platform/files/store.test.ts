import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { now } from '@app/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../../db/client';
import { memberships, uploads } from '../../db/schema';
import { STRAY_GRACE_MS, sweepStrayFiles } from '../../domains/documents/sweep';
import { seedSampleData } from '../../sample/seed';
import type { AppContext } from '../context';
import { databaseStore } from './database-store';
import { s3SettingsOf, s3Store } from './s3-store';
import type { FileStore } from './store';

/**
 * The file store's contract, proven on both stores: the database one, and the S3 adapter against a small
 * S3-compatible server in the test (path-style PUT, GET and DELETE of objects and ListObjectsV2 two keys a page, as
 * MinIO and AWS answer them). The sweep for strays runs on both through the same contract.
 */

let database: Database;
let member: { id: string; accountId: string };
let s3: Server;
const objects = new Map<string, { body: Buffer; type: string; at: Date }>();
/** Keys per page of the fake's listing: small, so that the store's paging is walked. */
const LIST_PAGE = 2;

beforeAll(async () => {
  const created = await createTestDatabase('sample');
  database = created;
  if (!created.seeded) await seedSampleData(database.db, { roster: false });
  const [m] = await database.db
    .select({ id: memberships.id, accountId: memberships.accountId })
    .from(memberships)
    .limit(1);
  member = m;
  s3 = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const key = decodeURIComponent(url.pathname);
      if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=KEY/')) {
        res.writeHead(403).end();
      } else if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        // ListObjectsV2 on the bucket: the keys below the prefix, in order, a page at a time.
        const bucket = key.replace(/\/$/, '');
        const prefix = `${bucket}/${url.searchParams.get('prefix') ?? ''}`;
        const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const from = Number(url.searchParams.get('continuation-token') ?? 0);
        const page = all.slice(from, from + LIST_PAGE);
        const truncated = from + LIST_PAGE < all.length;
        const contents = page
          .map((k) => {
            const o = objects.get(k);
            return `<Contents><Key>${k.slice(bucket.length + 1)}</Key><LastModified>${o?.at.toISOString()}</LastModified><Size>${o?.body.length}</Size></Contents>`;
          })
          .join('');
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket.slice(1)}</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${from + LIST_PAGE}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
          );
      } else if (req.method === 'PUT') {
        // Written at the clock's instant, as a server would stamp it.
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']), at: now() });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o)
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        else res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => s3.close(resolve));
  await database?.close();
});

const stores: [string, () => FileStore][] = [
  ['database', () => databaseStore],
  [
    's3',
    () =>
      s3Store(
        s3SettingsOf(`http://KEY:SECRET@127.0.0.1:${(s3.address() as AddressInfo).port}/files/staff?region=eu-1`),
      ),
  ],
];

/** An upload row for the bytes to belong to (the database store's rows hang on it). */
async function uploadRow() {
  const [row] = await database.db
    .insert(uploads)
    .values({
      accountId: member.accountId,
      membershipId: member.id,
      key: 'uploads',
      folder: 'uploads',
      name: 'a.pdf',
      mime: 'application/pdf',
      size: 3,
      sha256: '',
      storage: 'database',
      createdAt: now(),
    })
    .returning({ id: uploads.id, accountId: uploads.accountId });
  return row;
}

describe.each(stores)('the %s file store', (_name, storeOf) => {
  it('gives back exactly the bytes it kept, and nothing once removed', async () => {
    const store = storeOf();
    const upload = await uploadRow();
    const bytes = Buffer.from([0, 1, 2, 255, 254, ...Buffer.from('%PDF-1.7')]);
    await store.put(database.db, upload, bytes, 'application/pdf');
    expect(await store.get(database.db, upload)).toEqual(bytes);
    await store.remove(database.db, upload);
    expect(await store.get(database.db, upload)).toBeNull();
    // Removing what is gone is no error.
    await store.remove(database.db, upload);
  });

  it('answers null for bytes it never kept', async () => {
    expect(await storeOf().get(database.db, { id: randomUUID(), accountId: member.accountId })).toBeNull();
  });

  it('keeps a 4 MB file whole', async () => {
    const store = storeOf();
    const upload = await uploadRow();
    const bytes = Buffer.alloc(4 * 1024 * 1024, 7);
    await store.put(database.db, upload, bytes, 'application/pdf');
    expect((await store.get(database.db, upload))?.equals(bytes)).toBe(true);
  });

  it('keeps one account’s file apart from another’s of the same id', async () => {
    const store = storeOf();
    const upload = await uploadRow();
    await store.put(database.db, upload, Buffer.from('mine'), 'text/plain');
    expect(await store.get(database.db, { id: upload.id, accountId: randomUUID() })).toBeNull();
  });

  it('lists what it keeps, page by page, only what was written before the instant', async () => {
    const store = storeOf();
    const kept = [await uploadRow(), await uploadRow(), await uploadRow()];
    for (const upload of kept) await store.put(database.db, upload, Buffer.from('x'), 'application/pdf');
    const listed = async (before: Date) => {
      const all: { id: string; accountId: string }[] = [];
      for await (const page of store.list(database.db, before)) all.push(...page);
      return all;
    };
    const later = await listed(new Date(now().getTime() + 60_000));
    for (const upload of kept) expect(later).toContainEqual({ id: upload.id, accountId: upload.accountId });
    const earlier = (await listed(new Date(now().getTime() - 60_000))).map((f) => f.id);
    for (const upload of kept) expect(earlier).not.toContain(upload.id);
  });

  it('the sweep removes bytes no upload names once older than the grace, and nothing else', async () => {
    const store = storeOf();
    const ctx = { files: store, owner: database.db, log: pino({ level: 'silent' }) } as unknown as AppContext;
    const named = await uploadRow();
    await store.put(database.db, named, Buffer.from('named'), 'application/pdf');
    // A stray: bytes put for an upload whose row never committed (the database store cannot hold one: its bytes
    // hang on the row, so there the sweep must find nothing to take).
    const stray = { id: randomUUID(), accountId: member.accountId };
    if (store.kind === 's3') await store.put(database.db, stray, Buffer.from('stray'), 'application/pdf');
    const kinds = () => Promise.all([store.get(database.db, named), store.get(database.db, stray)]);

    // Within the grace a file may belong to a command still running: nothing goes.
    expect(await sweepStrayFiles(ctx, now())).toBe(0);
    expect((await kinds()).map((b) => b?.toString() ?? null)).toEqual(['named', store.kind === 's3' ? 'stray' : null]);

    const afterGrace = new Date(now().getTime() + STRAY_GRACE_MS + 60_000);
    expect(await sweepStrayFiles(ctx, afterGrace)).toBe(store.kind === 's3' ? 1 : 0);
    expect((await kinds()).map((b) => b?.toString() ?? null)).toEqual(['named', null]);
    // A second sweep finds nothing more.
    expect(await sweepStrayFiles(ctx, afterGrace)).toBe(0);
  });
});

describe('S3_URL', () => {
  it('names the endpoint, bucket, prefix, region and key', () => {
    expect(s3SettingsOf('https://AK%2B1:S%2Fk@s3.example.com:9000/bucket/a/b?region=eu-central-1')).toEqual({
      endpoint: 'https://s3.example.com:9000',
      region: 'eu-central-1',
      bucket: 'bucket',
      prefix: 'a/b/',
      credentials: { accessKeyId: 'AK+1', secretAccessKey: 'S/k' },
    });
    expect(s3SettingsOf('https://s3.amazonaws.com/files')).toMatchObject({ prefix: '', credentials: undefined });
    expect(() => s3SettingsOf('https://s3.amazonaws.com/')).toThrow(/bucket/);
  });

  it('puts objects under the prefix and the account', async () => {
    objects.clear();
    const port = (s3.address() as AddressInfo).port;
    const store = s3Store(s3SettingsOf(`http://KEY:SECRET@127.0.0.1:${port}/files/staff`));
    await store.put(database.db, { id: 'u1', accountId: 'a1' }, Buffer.from('x'), 'application/pdf');
    expect([...objects.keys()]).toEqual(['/files/staff/a1/u1']);
    expect(objects.get('/files/staff/a1/u1')?.type).toBe('application/pdf');
  });

  it('lists only the objects it named itself: others in the bucket are never the sweep’s', async () => {
    objects.clear();
    const port = (s3.address() as AddressInfo).port;
    const store = s3Store(s3SettingsOf(`http://KEY:SECRET@127.0.0.1:${port}/files/staff`));
    const upload = { id: randomUUID(), accountId: randomUUID() };
    await store.put(database.db, upload, Buffer.from('x'), 'application/pdf');
    const old = { body: Buffer.from('y'), type: 'text/plain', at: new Date(0) };
    objects.set('/files/staff/backup.tar', old);
    objects.set(`/files/staff/${upload.accountId}/notes.txt`, old);
    objects.set(`/files/other/${upload.accountId}/${randomUUID()}`, old);
    const listed = [];
    for await (const page of store.list(database.db, new Date(now().getTime() + 60_000))) listed.push(...page);
    expect(listed).toEqual([upload]);
  });
});
