import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  isPublicAddress,
  SANDBOX_WEBHOOK_URL,
  type THostResolver,
} from './public-url.js';

const names: Record<string, string[]> = {
  'hooks.lender.example': ['93.184.216.34'],
  'v6.lender.example': ['2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.lender.example': ['10.1.2.3'],
  'mixed.lender.example': ['93.184.216.34', '192.168.1.10'],
  'metadata.lender.example': ['169.254.169.254'],
};
const resolve: THostResolver = async (hostname) => {
  const found = names[hostname];
  if (found === undefined) throw new Error('ENOTFOUND');
  return found;
};

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.0.0.1', false],
    ['10.255.255.255', false],
    ['172.16.0.1', false],
    ['172.31.255.1', false],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['not an ip', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['100.128.0.1', true],
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkWebhookUrl', () => {
  const check = (url: string, sandbox = false) => checkWebhookUrl(url, { sandbox, resolve });

  it.each([
    ['https://127.0.0.1/hook', 'not public'],
    ['https://10.0.0.8/hook', 'not public'],
    ['https://10.200.1.1:8443/hook', 'not public'],
    ['https://169.254.169.254/latest/meta-data', 'not public'],
    ['https://[::1]/hook', 'not public'],
    ['https://[::ffff:7f00:1]/hook', 'not public'],
    ['https://0x7f000001/hook', 'not public'],
    ['https://rebind.lender.example/hook', '10.1.2.3'],
    ['https://metadata.lender.example/hook', '169.254.169.254'],
    ['https://mixed.lender.example/hook', '192.168.1.10'],
    ['https://unknown.lender.example/hook', 'does not resolve'],
    ['http://hooks.lender.example/hook', 'https://'],
    ['ftp://hooks.lender.example/hook', 'https://'],
    ['https://user:pass@hooks.lender.example/hook', 'user name'],
    ['not a url', 'not a URL'],
    [`https://hooks.lender.example/${'a'.repeat(2_000)}`, 'longer than'],
    [SANDBOX_WEBHOOK_URL, 'only in the sandbox'],
  ])('refuses %s', async (url, words) => {
    const result = await check(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(words);
  });

  it('accepts a public name and answers the address it checked', async () => {
    const result = await check('https://hooks.lender.example/events?x=1');
    expect(result).toMatchObject({
      ok: true,
      target: { kind: 'public', hostname: 'hooks.lender.example', address: '93.184.216.34' },
    });
    const v6 = await check('https://v6.lender.example/events');
    expect(v6).toMatchObject({
      ok: true,
      target: { address: '2606:2800:220:1:248:1893:25c8:1946' },
    });
  });

  it('allows the sandbox receiver only in the sandbox, and no private address there either', async () => {
    expect(await check(SANDBOX_WEBHOOK_URL, true)).toEqual({
      ok: true,
      target: { kind: 'sandbox' },
    });
    expect((await check('https://127.0.0.1/hook', true)).ok).toBe(false);
  });
});
