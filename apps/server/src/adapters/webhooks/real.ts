/**
 * Posts a webhook over HTTPS to the address that was checked: the host name is kept for the TLS
 * certificate check (SNI) and the Host header, the connection goes to `address` only (a lookup
 * function that answers it), no redirect is followed, the whole attempt is bounded by a time limit
 * and at most maxResponseBytes of the answer are read.
 */
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { TWebhookTransport } from './port.js';

export const postWebhookHttps: TWebhookTransport = (input) =>
  new Promise((resolve, reject) => {
    const family = isIP(input.address);
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all === true) {
        callback(null, [{ address: input.address, family }]);
      } else {
        callback(null, input.address, family);
      }
    };
    const request = httpsRequest(
      input.url,
      {
        method: 'POST',
        headers: { ...input.headers, 'content-length': Buffer.byteLength(input.body) },
        lookup: pinned,
        timeout: input.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          if (read >= input.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, input.maxResponseBytes - read));
          read += chunk.length;
          if (read >= input.maxResponseBytes) response.destroy();
        });
        const finish = () => {
          clearTimeout(deadline);
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        };
        response.on('end', finish);
        response.on('close', finish);
      },
    );
    // The socket's timeout counts idle time only: the whole attempt has its own limit.
    const deadline = setTimeout(() => {
      request.destroy(new Error(`No answer within ${input.timeoutMs} ms`));
    }, input.timeoutMs);
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${input.timeoutMs} ms`)),
    );
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(new Error(error.message.slice(0, 200)));
    });
    request.end(input.body);
  });
