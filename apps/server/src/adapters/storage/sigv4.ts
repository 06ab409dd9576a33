/**
 * AWS Signature Version 4 for requests to S3-compatible stores, over plain fetch (the official SDK
 * is far heavier than the three calls the storage port makes). Follows the documented algorithm:
 * canonical request → string to sign → HMAC-SHA256 chain from the secret key.
 */
import { createHash, createHmac } from 'node:crypto';

export interface TAwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface TSignInput {
  method: string;
  url: URL;
  /** Headers to sign (host is added from the URL when missing). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
  region: string;
  service: string;
  credentials: TAwsCredentials;
  date: Date;
}

export interface TSignedRequest {
  /** The input headers plus host, x-amz-date and authorization. */
  headers: Record<string, string>;
  authorization: string;
  signature: string;
  canonicalRequest: string;
  stringToSign: string;
}

export const EMPTY_PAYLOAD_SHA256 =
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `20150830T123600Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** S3 signs the path as sent, each segment encoded once. */
function canonicalPath(url: URL): string {
  const segments = url.pathname.split('/').map((segment) => uriEncode(decodeURIComponent(segment)));
  const joined = segments.join('/');
  return joined === '' ? '/' : joined;
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, aValue], [b, bValue]) => (a === b ? (aValue < bValue ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function signV4(input: TSignInput): TSignedRequest {
  const stamp = amzDate(input.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = { ...input.headers };
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  if (!names.has('host')) headers.host = input.url.host;
  if (!names.has('x-amz-date')) headers['x-amz-date'] = stamp;

  const canonical = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = canonical.map(([name]) => name).join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath(input.url),
    canonicalQuery(input.url),
    canonical.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), input.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  const authorization =
    `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return {
    headers: { ...headers, authorization },
    authorization,
    signature,
    canonicalRequest,
    stringToSign,
  };
}
