// What the benchmarks need from the sandbox, done over HTTP as a borrower or an agent does it:
// sign in with a code read from the sandbox mailbox, create an application and price an offer.
// Paths come from the shared contract (TypeScript, loaded through tsx).
import { Buffer } from 'node:buffer';
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
    // Newest first; other mail (a statement, a notice) may arrive meanwhile: the newest message
    // that carries a code.
    const code = messages
      .slice(0, Math.max(0, messages.length - sentBefore))
      .map((message) => CODE_PATTERN.exec(message.text)?.[1])
      .find((found) => found !== undefined);
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

/** The identity uuid a sign-in token was issued to (its `sub` claim). */
export function identityOfToken(token) {
  const [, payload] = token.split('.');
  const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof sub !== 'string') throw new Error('The sign-in token names no identity');
  return sub;
}

/**
 * A borrower new to the sandbox with a funded loan (POST /sandbox/loans walks every step of the
 * flow, signatures included), signed in from `from`; answers their token, the loan and the
 * documents they signed.
 */
export async function borrowerWithFundedLoan(base, { from } = {}) {
  const email = `bench-loan-${randomUUID()}@example.com`;
  const { appUuid, loanUuid } = await call(base, contract.postSandboxLoan.path, {
    method: 'POST',
    body: { email, collateralType: 'BTC', coinQuantity: '2', drawAmount: 30_000, state: 'OH' },
    expect: 201,
  });
  const token = await signIn(base, email, 'customer', { from });
  const identityUuid = identityOfToken(token);
  const documents = await call(
    base,
    contract.buildPath(contract.getBorrowerDocuments.path, { appUuid, identityUuid }),
    { token },
  );
  return { token, appUuid, loanUuid, identityUuid, documentUuids: documents.map((d) => d.uuid) };
}
