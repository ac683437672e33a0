import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { now } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Database } from '../../db/client';
import { memberships, uploads } from '../../db/schema';
import { seedSampleData } from '../../sample/seed';
import { databaseStore } from './database-store';
import { s3SettingsOf, s3Store } from './s3-store';
import type { FileStore } from './store';

/**
 * The file store's contract, proven on both stores: the database one, and the S3 adapter against a small
 * S3-compatible server in the test (path-style PUT, GET and DELETE of objects, as MinIO and AWS answer them).
 */

let database: Database;
let member: { id: string; accountId: string };
let s3: Server;
const objects = new Map<string, { body: Buffer; type: string }>();

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
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=KEY/')) {
        res.writeHead(403).end();
      } else if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
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
});
