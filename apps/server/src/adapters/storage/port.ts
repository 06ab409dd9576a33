/**
 * The storage port: files (uploaded IDs, generated PDFs, statements), kept where every instance
 * reaches them: in PostgreSQL (the default) or in an S3-compatible bucket; on one machine's disk
 * (`local`) only to move old files from (adapters/storage/move-local-files.ts). Keys are always chosen by the server (`<area>/<uuid>`), never taken
 * from a client's file name, so a key can never name a path outside the store.
 */
import { randomUUID } from 'node:crypto';

export interface TStoragePort {
  /** `postgres`, `s3` or `local`. */
  readonly name: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Up to `limit` stored keys after `after`, in key order (for jobs that walk every file, such as
   * re-encryption); stores that cannot list leave it out.
   */
  list?(after: string | undefined, limit: number): Promise<string[]>;
}

/** A store that can list its keys. */
export type TListableStorage = TStoragePort & Required<Pick<TStoragePort, 'list'>>;

const STORAGE_KEY_PATTERN =
  /^[a-z][a-z0-9-]{0,40}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}

/** Refuses anything that is not a key this server made (defence against path tricks). */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error('Invalid storage key');
}

/** A fresh key in an area (`identity-documents`, `disclosures`). */
export function newStorageKey(area: string): string {
  const key = `${area}/${randomUUID()}`;
  assertStorageKey(key);
  return key;
}
