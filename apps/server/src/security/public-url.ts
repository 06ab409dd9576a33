/**
 * The guard on a lender's webhook URL (no SSRF into the deployment's own network): https only, no
 * credentials in it, and every address its name resolves to is public — private, loopback,
 * link-local, CGNAT, unique-local, multicast, reserved and documentation ranges are refused, and so
 * is an IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4), whatever that one is. Run when
 * the endpoint is registered and again before every send, which then connects to the very address
 * that was checked (no second lookup a rebinding name could answer differently).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** The sandbox's own receiver; deliverable only when SANDBOX is on, never a general bypass. */
export const SANDBOX_WEBHOOK_URL = 'sandbox:webhooks/inbox';

export const WEBHOOK_URL_MAX_CHARS = 2_000;

/** Answers every address a host name resolves to (A and AAAA). */
export type THostResolver = (hostname: string) => Promise<string[]>;

export const resolveHost: THostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

// One list per family: a list with IPv6 rules matches an IPv4 address through its mapped form.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6 text) is one a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4
    ? !NOT_PUBLIC_V4.check(address, 'ipv4')
    : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

export type TWebhookTarget =
  { kind: 'sandbox' } | { kind: 'public'; url: URL; hostname: string; address: string };

export type TWebhookUrlCheck = { ok: true; target: TWebhookTarget } | { ok: false; reason: string };

const refuse = (reason: string): TWebhookUrlCheck => ({ ok: false, reason });

/** Checks a webhook URL and answers the address to connect to, or why it is refused. */
export async function checkWebhookUrl(
  text: string,
  options: { sandbox: boolean; resolve: THostResolver },
): Promise<TWebhookUrlCheck> {
  if (text === SANDBOX_WEBHOOK_URL) {
    return options.sandbox
      ? { ok: true, target: { kind: 'sandbox' } }
      : refuse('The sandbox receiver exists only in the sandbox.');
  }
  if (text.length > WEBHOOK_URL_MAX_CHARS) {
    return refuse(`The URL is longer than ${WEBHOOK_URL_MAX_CHARS} characters.`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('This is not a URL.');
  }
  if (url.protocol !== 'https:') return refuse('The URL must start with https://.');
  if (url.username !== '' || url.password !== '') {
    return refuse('The URL must not carry a user name or password.');
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(hostname) !== 0) {
    addresses = [hostname];
  } else {
    try {
      addresses = await options.resolve(hostname);
    } catch {
      return refuse(`The host name ${hostname} does not resolve.`);
    }
  }
  if (addresses.length === 0) return refuse(`The host name ${hostname} does not resolve.`);
  const inside = addresses.find((address) => !isPublicAddress(address));
  if (inside !== undefined) {
    return refuse(
      `The URL leads to ${inside}, an address that is not public: webhooks go to public addresses only.`,
    );
  }
  const [address] = addresses as [string, ...string[]];
  return { ok: true, target: { kind: 'public', url, hostname, address } };
}
