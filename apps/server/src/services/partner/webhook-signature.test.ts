import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhookSignature } from './webhook-signature.js';

const secret = 'whsec_test';
const body = '{"id":"e1","type":"loan.paid_off"}';
const at = new Date('2026-03-01T12:00:00Z');

describe('webhook signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const t = 1772366400;
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhook(secret, body, at)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature and refuses any change', () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhookSignature(secret, body, header, at)).toBe(true);
    expect(verifyWebhookSignature('whsec_other', body, header, at)).toBe(false);
    expect(verifyWebhookSignature(secret, `${body} `, header, at)).toBe(false);
    expect(verifyWebhookSignature(secret, body, header.replace('t=17', 't=18'), at)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 'v1=abc', at)).toBe(false);
  });

  it('refuses a timestamp more than five minutes away', () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhookSignature(secret, body, header, new Date(at.getTime() + 299_000))).toBe(
      true,
    );
    expect(verifyWebhookSignature(secret, body, header, new Date(at.getTime() + 301_000))).toBe(
      false,
    );
  });

  it('makes a new secret each time', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});
