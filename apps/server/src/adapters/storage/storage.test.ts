import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../security/field-encryption.js';
import { createEncryptedStore } from './encrypted.js';
import { createLocalStorage } from './local.js';
import { isStorageKey, newStorageKey } from './port.js';
import { createS3Storage, type TStorageFetch } from './s3.js';
import { sha256Hex } from './sigv4.js';

const root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('storage keys', () => {
  it.each([
    ['identity-documents/0f8e3b9c-8d1e-4a57-9a55-2a9b1f7c3d10', true],
    ['../etc/passwd', false],
    ['identity-documents/../../x', false],
    ['passport.png', false],
    ['Identity/0f8e3b9c-8d1e-4a57-9a55-2a9b1f7c3d10', false],
  ])('%s is a key: %s', (key, expected) => {
    expect(isStorageKey(key)).toBe(expected);
  });
});

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('puts, gets and deletes by key', async () => {
    const key = newStorageKey('disclosures');
    await storage.put(key, Buffer.from('hello'));
    expect((await storage.get(key))?.toString()).toBe('hello');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('refuses keys it did not make', async () => {
    await expect(storage.put('../outside', Buffer.from('x'))).rejects.toThrow(
      'Invalid storage key',
    );
  });

  it('stores ciphertext only when wrapped, bound to the key', async () => {
    const store = createEncryptedStore(storage, createFieldCipher(randomBytes(32)));
    const key = newStorageKey('identity-documents');
    const secret = Buffer.from('PASSPORT NUMBER X1234567');
    await store.put(key, secret);
    const [area] = key.split('/');
    const onDisk = readFileSync(path.join(root, key));
    expect(onDisk.includes(secret)).toBe(false);
    expect(readdirSync(path.join(root, area ?? ''))).toContain(key.split('/')[1]);
    expect(await store.get(key)).toEqual(secret);
    // The same ciphertext under another key does not decrypt.
    const other = newStorageKey('identity-documents');
    await storage.put(other, onDisk);
    await expect(store.get(other)).rejects.toThrow();
  });
});

describe('S3 storage', () => {
  function fakeBucket() {
    const objects = new Map<string, Buffer>();
    const requests: { url: string; init: RequestInit }[] = [];
    const fetch: TStorageFetch = async (url, init) => {
      requests.push({ url, init });
      const path = new URL(url).pathname;
      if (init.method === 'PUT') {
        objects.set(path, Buffer.from(init.body as Uint8Array));
        return new Response(null, { status: 200 });
      }
      if (init.method === 'DELETE') {
        objects.delete(path);
        return new Response(null, { status: 204 });
      }
      const object = objects.get(path);
      return object === undefined
        ? new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 })
        : new Response(object, { status: 200 });
    };
    return { fetch, requests };
  }

  it('sends signed PUT, GET and DELETE requests (path style on a custom endpoint)', async () => {
    const bucket = fakeBucket();
    const storage = createS3Storage({
      bucket: 'uploads',
      region: 'eu-central-1',
      endpoint: 'https://minio.example.com',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
      fetch: bucket.fetch,
      clock: () => new Date('2026-01-02T03:04:05Z'),
    });
    const key = newStorageKey('disclosures');
    const body = Buffer.from('%PDF-1.7 test');
    await storage.put(key, body);
    expect((await storage.get(key))?.toString()).toBe('%PDF-1.7 test');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();

    const [put] = bucket.requests;
    expect(put?.url).toBe(`https://minio.example.com/uploads/${key}`);
    const headers = put?.init.headers as Record<string, string>;
    expect(headers['x-amz-content-sha256']).toBe(sha256Hex(body));
    expect(headers['x-amz-date']).toBe('20260102T030405Z');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/20260102\/eu-central-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('uses virtual-hosted addressing on AWS and reports failures', async () => {
    const requests: string[] = [];
    const storage = createS3Storage({
      bucket: 'uploads',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
      fetch: async (url) => {
        requests.push(url);
        return new Response('denied', { status: 403 });
      },
    });
    const key = newStorageKey('disclosures');
    await expect(storage.get(key)).rejects.toThrow('S3 GET answered 403');
    expect(requests[0]).toBe(`https://uploads.s3.us-east-1.amazonaws.com/${key}`);
  });
});
