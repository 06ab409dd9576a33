/**
 * The storage port: files (uploaded IDs, generated PDFs) kept outside the database, on local disk or
 * in an S3-compatible bucket. Keys are always chosen by the server (`<area>/<uuid>`), never taken
 * from a client's file name, so a key can never name a path outside the store.
 */
import { randomUUID } from 'node:crypto';

export interface TStoragePort {
  /** `local` or `s3`. */
  readonly name: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

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
