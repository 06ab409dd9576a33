// What the benchmarks need from the sandbox, done over HTTP as a borrower or an agent does it:
// sign in with a code read from the sandbox mailbox, create an application and price an offer.
// Paths come from the shared contract (TypeScript, loaded through tsx).
import { randomUUID } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { call } from './http.mjs';

export const contract = await tsImport('@pledge/contract', import.meta.url);

/** The agent the sandbox provisions at boot (apps/server/src/config.ts). */
export const SANDBOX_AGENT_EMAIL = 'agent@example.com';

const CODE_PATTERN = /\b(\d{6})\b/;
const MAILBOX_WAIT_MS = 30_000;
const MAILBOX_POLL_MS = 200;
const LANDING = { customer: '/account/crypto-backed-loan', agent: '/ops' };

async function mailbox(base, email) {
  const answer = await call(base, contract.getSandboxMailbox.path, { query: { to: email } });
  return answer.messages;
}

/** Waits for a message after the first `sentBefore` ones and answers the code it carries. */
async function waitForCode(base, email, sentBefore) {
  const until = Date.now() + MAILBOX_WAIT_MS;
  while (Date.now() < until) {
    const messages = await mailbox(base, email);
    const code =
      messages.length > sentBefore ? CODE_PATTERN.exec(messages[0]?.text ?? '')?.[1] : undefined;
    if (code !== undefined) return code;
    await new Promise((r) => setTimeout(r, MAILBOX_POLL_MS));
  }
  throw new Error(`No sign-in code reached the sandbox mailbox of ${email}`);
}

/**
 * Signs in through the identity broker as the hosted sign-in page does (begin, e-mail a code, trade
 * it for a jwt) and answers the jwt. `from`: the local address to sign in from (see call()).
 */
export async function signIn(base, email, audience = 'customer', { from } = {}) {
  const nonce = randomUUID().replaceAll('-', '');
  await call(base, contract.makePostLogin(audience).path, {
    method: 'POST',
    query: { redirectUrl: LANDING[audience], nonce },
    expect: 303,
    from,
  });
  const sentBefore = (await mailbox(base, email)).length;
  await call(base, contract.makePostOtpStart(audience).path, {
    method: 'POST',
    body: { email },
    expect: 204,
    from,
  });
  const code = await waitForCode(base, email, sentBefore);
  const { jwt } = await call(base, contract.makePostOtpVerify(audience).path, {
    method: 'POST',
    body: { email, code, nonce },
    from,
  });
  return jwt;
}

/** A borrower new to the sandbox, signed in (from the local address `from`, if given). */
export async function signInNewBorrower(base, { from } = {}) {
  const email = `bench-${randomUUID()}@example.com`;
  return { email, token: await signIn(base, email, 'customer', { from }) };
}

/** The offer a borrower asks for on the offer page. */
export const REQUESTED_OFFER = {
  requestedAmount: 20_000,
  collateralType: 'BTC',
  coinQuantity: '1',
  state: 'OH',
};

/**
 * Creates an application and requests an offer on it, as the offer page does; with `accept`, also
 * accepts the first offer. Answers the application as the last call returned it.
 */
export async function newApplicationWithOffer(base, token, { accept = false } = {}) {
  const { appUuid } = await call(base, contract.postCreateApplication.path, {
    method: 'POST',
    token,
    body: { organization: 'default' },
    expect: 201,
  });
  const requested = await call(
    base,
    contract.buildPath(contract.postRequestedOffer.path, { appUuid }),
    { method: 'POST', token, body: REQUESTED_OFFER },
  );
  const offerUuid = requested.offers[0]?.uuid;
  if (offerUuid === undefined) {
    throw new Error(`No offer was priced for ${JSON.stringify(REQUESTED_OFFER)}`);
  }
  if (!accept) return requested;
  return call(base, contract.buildPath(contract.postSelectOffer.path, { appUuid }), {
    method: 'POST',
    token,
    body: { offerUuid },
  });
}
