/**
 * The HTTPS transport against a local HTTPS server with its own certificate (trusted for these
 * tests only, through the global agent the transport uses): it connects to the checked address
 * while sending the registered host name (SNI, Host), reads at most the cap of an answer, and
 * gives up on an answer that takes longer than the time limit even while bytes keep trickling in.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { globalAgent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES, WEBHOOK_TIMEOUT_MS } from '@pledge/domain';
import { postWebhookHttps } from './real.js';

const HOST = 'hooks.lender.test';

type TSeen = { servername: string | undefined; host: string | undefined; body: string };

let server: Server;
let port = 0;
let answer: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
const seen: TSeen[] = [];
const savedCa = globalAgent.options.ca;
let trustedCa: Buffer | undefined;

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhook-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`],
        ...['-addext', `subjectAltName=DNS:${HOST}`],
        ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      ],
      { stdio: 'pipe' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  const tls = selfSignedCertificate();
  trustedCa = tls.cert;
  globalAgent.options.ca = trustedCa;
  server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        servername: (request.socket as TLSSocket).servername || undefined,
        host: request.headers.host,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  globalAgent.options.ca = savedCa;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const send = (overrides: { timeoutMs?: number } = {}) =>
  postWebhookHttps({
    url: new URL(`https://${HOST}:${String(port)}/hooks`),
    address: '127.0.0.1',
    headers: { 'content-type': 'application/json', 'pledge-event-id': 'e1' },
    body: '{"type":"loan.funded"}',
    timeoutMs: overrides.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  });

describe('postWebhookHttps', () => {
  it('posts to the checked address under the registered name, and answers the status and body', async () => {
    answer = (_request, response) => response.writeHead(202).end('accepted');
    seen.length = 0;
    await expect(send()).resolves.toEqual({ status: 202, body: 'accepted' });
    // The name was never looked up (it resolves nowhere): the connection went to the address,
    // and the certificate was checked against the name.
    expect(seen).toEqual([
      { servername: HOST, host: `${HOST}:${String(port)}`, body: '{"type":"loan.funded"}' },
    ]);
  });

  it('keeps the first 1 KB of a long answer and reads no further', async () => {
    const sent = 'a'.repeat(600) + 'b'.repeat(600) + 'c'.repeat(64 * 1024);
    answer = (_request, response) => response.writeHead(500).end(sent);
    const result = await send();
    expect(WEBHOOK_RESPONSE_BODY_MAX_BYTES).toBe(1_024);
    expect(result.status).toBe(500);
    expect(result.body).toBe(sent.slice(0, 1_024));
  });

  it('refuses a certificate it does not trust', async () => {
    answer = (_request, response) => response.writeHead(200).end('ok');
    globalAgent.options.ca = undefined;
    try {
      await expect(send()).rejects.toThrow(/certificate/i);
    } finally {
      globalAgent.options.ca = trustedCa;
    }
  });

  it(
    'gives up after 10 s although the answer keeps trickling in',
    async () => {
      let trickle: NodeJS.Timeout | undefined;
      answer = (_request, response) => {
        response.writeHead(200);
        // A byte every 200 ms: the socket is never idle, so only the attempt's own limit ends it.
        trickle = setInterval(() => response.write('.'), 200);
        response.on('close', () => clearInterval(trickle));
      };
      const started = Date.now();
      await expect(send()).rejects.toThrow(`No answer within ${String(WEBHOOK_TIMEOUT_MS)} ms`);
      const elapsed = Date.now() - started;
      clearInterval(trickle);
      expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
      expect(elapsed).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(WEBHOOK_TIMEOUT_MS + 3_000);
    },
    WEBHOOK_TIMEOUT_MS + 10_000,
  );
});
