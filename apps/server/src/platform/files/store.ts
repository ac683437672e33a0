import type { DbOrTx } from '../../db/client';

/**
 * Where uploaded files' bytes are kept (docs/product/documents.md, "Storage"): every instance must read them, so
 * the database by default, S3-compatible object storage when configured. The upload's row (its name, type, whose
 * file) is always in the database; the store holds only the bytes, under the upload's id.
 */
export interface FileStore {
  readonly kind: 'database' | 's3';
  /** Keeps the bytes; the database store writes them with `db` (the command's transaction), S3 at once. */
  put(db: DbOrTx, upload: { id: string; accountId: string }, bytes: Buffer, mime: string): Promise<void>;
  /** The bytes, or null when there are none. */
  get(db: DbOrTx, upload: { id: string; accountId: string }): Promise<Buffer | null>;
  /** Removes the bytes; nothing to remove is no error. */
  remove(db: DbOrTx, upload: { id: string; accountId: string }): Promise<void>;
  /**
   * The uploads whose bytes the store keeps, written before `before`, page by page (the sweep for strays compares
   * them with the rows). Only what the store itself named is listed: other objects in the bucket are left alone.
   */
  list(db: DbOrTx, before: Date): AsyncIterable<StoredFile[]>;
}

/** Bytes kept by the store, named by the upload they belong to. */
export interface StoredFile {
  id: string;
  accountId: string;
}
