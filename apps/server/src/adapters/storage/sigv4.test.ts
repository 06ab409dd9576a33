import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_SHA256, signV4 } from './sigv4.js';

/**
 * Vectors published by AWS: the SigV4 test suite and the S3 "Signature Calculations" examples,
 * signed through aws4fetch as the store uses it.
 */
const SUITE_CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const S3_CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('signV4', () => {
  it('signs the test suite get-vanilla request', async () => {
    const signed = await signV4({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      payloadHash: EMPTY_PAYLOAD_SHA256,
      region: 'us-east-1',
      service: 'service',
      credentials: SUITE_CREDENTIALS,
      date: new Date('2015-08-30T12:36:00Z'),
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        EMPTY_PAYLOAD_SHA256,
      ].join('\n'),
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it.each([
    {
      name: 'GET Object with a range',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { range: 'bytes=0-9' } as Record<string, string>,
      signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      signedHeaders: 'host;range;x-amz-content-sha256;x-amz-date',
    },
    {
      name: 'GET Bucket (list objects) with a query',
      url: 'https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J',
      headers: {} as Record<string, string>,
      signature: '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
      signedHeaders: 'host;x-amz-content-sha256;x-amz-date',
    },
  ])('signs the S3 example $name', async ({ url, headers, signature, signedHeaders }) => {
    const signed = await signV4({
      method: 'GET',
      url: new URL(url),
      headers: { ...headers, 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256 },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      region: 'us-east-1',
      service: 's3',
      credentials: S3_CREDENTIALS,
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.signature).toBe(signature);
    expect(signed.authorization).toContain(`SignedHeaders=${signedHeaders},`);
    expect(signed.authorization).toContain(
      'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/',
    );
  });
});
