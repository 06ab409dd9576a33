/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, R2…): PUT, GET and DELETE of one object per
 * key, signed with SigV4. Path-style addressing (`endpoint/bucket/key`) when forced or when a custom
 * endpoint is set, virtual-hosted otherwise. Requests are signed by aws4fetch (sigv4.ts).
 */
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signV4, type TAwsCredentials } from './sigv4.js';
import { assertStorageKey, isStorageKey, type TListableStorage } from './port.js';

export type TStorageFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface TS3StorageOptions {
  bucket: string;
  region: string;
  /** A custom endpoint (https://minio.example.com); AWS's regional endpoint by default. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  credentials: TAwsCredentials;
  fetch?: TStorageFetch;
  clock?: () => Date;
}

/** A store that does not answer within this is treated as down (the caller's job retries). */
export const S3_REQUEST_TIMEOUT_MS = 30_000;

export class StorageRequestError extends Error {
  override name = 'StorageRequestError';
}

export function createS3Storage(options: TS3StorageOptions): TListableStorage {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? (() => new Date());
  const pathStyle = options.forcePathStyle === true || options.endpoint !== undefined;
  const base = (options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(
    /\/+$/,
    '',
  );

  function objectUrl(key: string): URL {
    assertStorageKey(key);
    if (pathStyle) return new URL(`${base}/${options.bucket}/${key}`);
    const url = new URL(base);
    url.host = `${options.bucket}.${url.host}`;
    url.pathname = `/${key}`;
    return url;
  }

  async function send(method: string, key: string, body?: Uint8Array): Promise<Response> {
    const url = objectUrl(key);
    const payloadHash = body === undefined ? EMPTY_PAYLOAD_SHA256 : sha256Hex(body);
    const headers: Record<string, string> = { 'x-amz-content-sha256': payloadHash };
    if (body !== undefined) headers['content-type'] = 'application/octet-stream';
    const signed = await signV4({
      method,
      url,
      headers,
      payloadHash,
      region: options.region,
      service: 's3',
      credentials: options.credentials,
      date: clock(),
    });
    return fetchFn(url.toString(), {
      method,
      headers: signed.headers,
      signal: AbortSignal.timeout(S3_REQUEST_TIMEOUT_MS),
      ...(body !== undefined ? { body } : {}),
    });
  }

  async function listPage(after: string | undefined, limit: number): Promise<string[]> {
    const url = pathStyle ? new URL(`${base}/${options.bucket}`) : new URL(base);
    if (!pathStyle) url.host = `${options.bucket}.${url.host}`;
    url.pathname = pathStyle ? `/${options.bucket}/` : '/';
    url.searchParams.set('list-type', '2');
    url.searchParams.set('max-keys', String(limit));
    if (after !== undefined) url.searchParams.set('start-after', after);
    const signed = await signV4({
      method: 'GET',
      url,
      headers: { 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256 },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      region: options.region,
      service: 's3',
      credentials: options.credentials,
      date: clock(),
    });
    const response = await fetchFn(url.toString(), {
      method: 'GET',
      headers: signed.headers,
      signal: AbortSignal.timeout(S3_REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new StorageRequestError(`S3 LIST answered ${response.status}`);
    const xml = await response.text();
    return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)]
      .map((match) => decodeXml(match[1] ?? ''))
      .filter(isStorageKey);
  }

  return {
    name: 's3',
    list: listPage,
    async put(key, bytes) {
      const response = await send('PUT', key, bytes);
      if (!response.ok) throw new StorageRequestError(`S3 PUT answered ${response.status}`);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw new StorageRequestError(`S3 GET answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) {
        throw new StorageRequestError(`S3 DELETE answered ${response.status}`);
      }
    },
  };
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
