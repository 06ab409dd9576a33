/**
 * AWS Signature Version 4 for requests to S3-compatible stores: the signing itself is aws4fetch's
 * (a small, maintained SigV4 signer over WebCrypto; the official SDK is far heavier than the calls
 * the storage port makes). This module fixes how the store uses it: every header given is signed,
 * and the payload hash is the one the caller computed.
 */
import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';

export interface TAwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface TSignInput {
  method: string;
  url: URL;
  /** Headers to sign (host is always signed, from the URL). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
  region: string;
  service: string;
  credentials: TAwsCredentials;
  date: Date;
}

export interface TSignedRequest {
  /** The input headers plus x-amz-date and authorization (lower-case names; host left to fetch). */
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

/** `20150830T123600Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export async function signV4(input: TSignInput): Promise<TSignedRequest> {
  const headers = new Headers(input.headers);
  headers.set('x-amz-content-sha256', input.payloadHash);
  // A caller that signs its own x-amz-content-sha256 for another service keeps it; one that does
  // not (the plain test-suite requests) must not have it added.
  if (input.service !== 's3' && !('x-amz-content-sha256' in lowerCaseKeys(input.headers))) {
    headers.delete('x-amz-content-sha256');
  }
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.toString(),
    headers,
    accessKeyId: input.credentials.accessKeyId,
    secretAccessKey: input.credentials.secretAccessKey,
    service: input.service,
    region: input.region,
    datetime: amzDate(input.date),
    allHeaders: true,
  });
  const canonicalRequest = await signer.canonicalString();
  const stringToSign = await signer.stringToSign();
  const signature = await signer.signature();
  const authorization = await signer.authHeader();
  const signed = await signer.sign();
  return {
    headers: Object.fromEntries(signed.headers.entries()),
    authorization,
    signature,
    canonicalRequest,
    stringToSign,
  };
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}
