import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStore, StoredFile } from './store';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  /** Put before every object's key (with its own trailing slash). */
  prefix: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * S3_URL as settings: `https://KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-central-1`. Path-style addressing
 * (the bucket in the path) works with AWS and with the S3-compatible servers (MinIO, Ceph, Garage) alike. Without
 * a key in the address the SDK's own chain (environment, instance role) provides one.
 */
export function s3SettingsOf(url: string): S3Settings {
  const u = new URL(url);
  const [bucket, ...rest] = u.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('S3_URL names no bucket (https://host/bucket)');
  const prefix = rest.length ? `${rest.join('/')}/` : '';
  return {
    endpoint: `${u.protocol}//${u.host}`,
    region: u.searchParams.get('region') ?? 'us-east-1',
    bucket,
    prefix,
    credentials: u.username
      ? { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) }
      : undefined,
  };
}

/** Objects named `<prefix><account id>/<upload id>`: an account's files can be found (and removed) together. */
export function s3Store(settings: S3Settings, client?: S3Client): FileStore {
  const s3 =
    client ??
    new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Key = (upload: { id: string; accountId: string }) => `${settings.prefix}${upload.accountId}/${upload.id}`;
  const escaped = settings.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** An object's key as this store names them, else null (another program's object in the bucket). */
  const ours = new RegExp(`^${escaped}(${UUID})/(${UUID})$`, 'i');
  return {
    kind: 's3',
    async put(_db, upload, bytes, mime) {
      await s3.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: Key(upload), Body: bytes, ContentType: mime }),
      );
    },
    async get(_db, upload) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: Key(upload) }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(_db, upload) {
      await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: Key(upload) }));
    },
    async *list(_db, before) {
      let token: string | undefined;
      do {
        const out = await s3.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix, ContinuationToken: token }),
        );
        const page: StoredFile[] = [];
        for (const object of out.Contents ?? []) {
          const named = object.Key ? ours.exec(object.Key) : null;
          if (named && object.LastModified && object.LastModified < before)
            page.push({ accountId: named[1], id: named[2] });
        }
        if (page.length > 0) yield page;
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
