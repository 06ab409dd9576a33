import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/index.js';
import { sandboxLoan } from '../fixtures/loan.js';
import { signInApi } from '../fixtures/sign-in.js';

// Partner events: two agents register the sandbox receiver and API keys under four eyes, a funded
// loan is made, the receiver fails for a while and then gets every event of the loan once, in the
// loan's order, signed with the endpoint's secret; two agents record the loan's payoff and the
// receiver gets the payoff's events too, after the others; a key reads its brand's loans only, and
// webhook URLs into private networks are refused.
test.describe.configure({ timeout: 300_000 });

const OPS = '/service-ops/secure/api/v1';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Proposed by the maker, approved by the checker, then shown once to the maker. */
async function approvedSecret(
  request: APIRequestContext,
  agents: { maker: string; checker: string },
  path: string,
  data: object,
): Promise<{ id: string; secret: string }> {
  const proposed = await request.post(`${OPS}/partner/${path}`, {
    data,
    headers: bearer(agents.maker),
  });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const { id } = (await proposed.json()) as { id: string };
  const approved = await request.post(`${OPS}/controlled-actions/${id}/approve`, {
    headers: bearer(agents.checker),
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const reveal = await request.post(`${OPS}/partner/secrets/${id}/reveal`, {
    headers: bearer(agents.maker),
  });
  expect(reveal.status(), await reveal.text()).toBe(200);
  const again = await request.post(`${OPS}/partner/secrets/${id}/reveal`, {
    headers: bearer(agents.maker),
  });
  expect(again.status()).toBe(410);
  return (await reveal.json()) as { id: string; secret: string };
}

interface TReceived {
  eventId: string;
  signature: string;
  body: string;
  answeredStatus: number;
}

/** The check a receiver makes: HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret. */
function isSignedBy(secret: string, received: TReceived): boolean {
  const parts = Object.fromEntries(received.signature.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${received.body}`).digest('hex');
  return parts.v1 === expected;
}

test('a lender follows a loan through signed webhooks and its API key', async ({ request }) => {
  const agents = {
    maker: await signInApi(request, 'agent@example.com', 'agent'),
    checker: await signInApi(request, 'agent2@example.com', 'agent'),
  };

  // URLs that lead into the deployment's network are refused at registration.
  for (const url of [
    'https://127.0.0.1/hooks',
    'https://10.0.0.8/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/hooks',
  ]) {
    const refused = await request.post(`${OPS}/partner/webhook-endpoints`, {
      data: { brand: 'default', url, description: 'not allowed' },
      headers: bearer(agents.maker),
    });
    expect(refused.status(), url).toBe(400);
  }

  const endpoint = await approvedSecret(request, agents, 'webhook-endpoints', {
    brand: 'default',
    url: 'sandbox:webhooks/inbox',
    description: `e2e receiver ${randomUUID()}`,
  });
  const key = await approvedSecret(request, agents, 'api-keys', {
    brand: 'default',
    label: `e2e core ${randomUUID()}`,
    scopes: ['applications:read', 'loans:read', 'events:read'],
  });
  const otherBrandKey = await approvedSecret(request, agents, 'api-keys', {
    brand: 'partner',
    label: `e2e other ${randomUUID()}`,
    scopes: ['loans:read'],
  });

  // The receiver is down for its next three posts.
  const failing = await request.post('/sandbox/webhooks/inbox/failures', {
    data: { count: 3, status: 503 },
  });
  expect(failing.status()).toBe(200);

  const { loanUuid } = await sandboxLoan(request, { email: `partner-${randomUUID()}@example.com` });

  // The loan's events, in order, through the partner API (read by cursor to the end).
  const readEvents = async () => {
    const events: { id: string; type: string; appUuid: string }[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const response = await request.get('/partner/v1/events', {
        params: { limit: 100, ...(cursor !== null ? { cursor } : {}) },
        headers: { authorization: `Bearer ${key.secret}` },
      });
      expect(response.status(), await response.text()).toBe(200);
      const body = (await response.json()) as {
        data: { id: string; type: string; appUuid: string }[];
        nextCursor: string | null;
      };
      events.push(...body.data);
      if (body.data.length === 0 || body.nextCursor === cursor) break;
      cursor = body.nextCursor;
    }
    return events.filter((event) => event.appUuid === loanUuid);
  };
  await expect
    .poll(async () => (await readEvents()).map((event) => event.type), {
      timeout: 60_000,
    })
    .toContain('loan.funded');
  const events = await readEvents();
  expect(events[0]?.type).toBe('application.created');

  // Retries wait their backoff on the deployment's clock: move it on until all are accepted.
  const inbox = async (ofEvents: readonly { id: string }[]) => {
    const response = await request.get('/sandbox/webhooks/inbox');
    expect(response.status()).toBe(200);
    const { deliveries } = (await response.json()) as { deliveries: TReceived[] };
    const ids = new Set(ofEvents.map((event) => event.id));
    return deliveries.filter((received) => ids.has(received.eventId));
  };
  /**
   * What the receiver accepted for this endpoint: the posts signed with its secret. Another
   * endpoint of the brand on the same sandbox receiver (the console spec registers one) gets the
   * same events, signed with its own secret; a post this endpoint signed wrongly is missing here.
   */
  const acceptedForEndpoint = (received: readonly TReceived[]) =>
    received.filter((item) => item.answeredStatus === 200 && isSignedBy(endpoint.secret, item));
  /** Waits until the receiver accepted each of the events; answers what it received of them. */
  const receivedAll = async (ofEvents: readonly { id: string }[]) => {
    await expect
      .poll(
        async () => {
          const accepted = acceptedForEndpoint(await inbox(ofEvents));
          if (accepted.length < ofEvents.length) {
            await request.post('/sandbox/clock', { data: { advanceHours: 1 } });
          }
          return accepted.length;
        },
        { timeout: 180_000, intervals: [2_000] },
      )
      .toBe(ofEvents.length);
    return inbox(ofEvents);
  };
  /** Every event once, in the loan's order, signed with the endpoint's secret, nothing personal. */
  const expectInOrderSigned = (
    received: readonly TReceived[],
    ofEvents: readonly { id: string }[],
  ) => {
    const accepted = acceptedForEndpoint(received);
    expect(accepted.map((item) => item.eventId)).toEqual(ofEvents.map((event) => event.id));
    for (const item of accepted) {
      expect(isSignedBy('whsec_not_the_secret', item)).toBe(false);
      expect(item.body).not.toMatch(/ssn|accountNumber|routingNumber/i);
    }
  };
  const received = await receivedAll(events);
  expect(received.filter((item) => item.answeredStatus === 503)).toHaveLength(3);
  expectInOrderSigned(received, events);

  // Two agents record the payoff, for exactly what the ledger owes now (a loan's id is its
  // application's): the receiver then holds the payoff too, after everything before it, signed.
  // The clock moved hours on while the receiver was retried: the agents sign in again.
  agents.maker = await signInApi(request, 'agent@example.com', 'agent');
  agents.checker = await signInApi(request, 'agent2@example.com', 'agent');
  const owing = await request.get(`${OPS}/loans/${loanUuid}`, { headers: bearer(agents.maker) });
  expect(owing.status(), await owing.text()).toBe(200);
  const { totalCents } = ((await owing.json()) as { loan: { balances: { totalCents: number } } })
    .loan.balances;
  expect(totalCents).toBeGreaterThanOrEqual(20_000 * 100);
  const payoff = await request.post(`${OPS}/applications/${loanUuid}/payoff/proposals`, {
    headers: bearer(agents.maker),
    data: {
      method: 'ACH',
      reference: `E2E-PAYOFF-${randomUUID().slice(0, 8)}`,
      amount: totalCents / 100,
      paidOn: new Date().toISOString().slice(0, 10),
    },
  });
  expect(payoff.status(), await payoff.text()).toBeLessThan(300);
  const { proposals } = (await payoff.json()) as {
    proposals: { id: string; kind: string; status: string; payoff: { amount: number } | null }[];
  };
  const payoffProposal = proposals.find(
    (proposal) => proposal.kind === 'RECORD_PAYOFF' && proposal.status === 'PENDING',
  );
  expect(payoffProposal?.payoff?.amount).toBe(totalCents / 100);
  const payoffId = payoffProposal?.id ?? '';
  const selfApproval = await request.post(
    `${OPS}/applications/${loanUuid}/proposals/${payoffId}/approve`,
    { headers: bearer(agents.maker) },
  );
  expect(selfApproval.status()).toBe(403);
  const payoffApproved = await request.post(
    `${OPS}/applications/${loanUuid}/proposals/${payoffId}/approve`,
    { headers: bearer(agents.checker) },
  );
  expect(payoffApproved.status(), await payoffApproved.text()).toBe(200);
  await expect
    .poll(async () => (await readEvents()).map((event) => event.type), { timeout: 60_000 })
    .toContain('loan.paid_off');
  const throughPayoff = await readEvents();
  const types = throughPayoff.map((event) => event.type);
  expect(throughPayoff.slice(0, events.length)).toEqual(events);
  expect(types.indexOf('loan.paid_off')).toBeGreaterThan(types.indexOf('loan.funded'));
  expectInOrderSigned(await receivedAll(throughPayoff), throughPayoff);

  // The key reads its brand's loans; another brand's key does not see them, nor events.
  const loans = async (secret: string) => {
    const response = await request.get('/partner/v1/loans', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { loanUuid: string }[] }).data.map(
      (loan) => loan.loanUuid,
    );
  };
  expect(await loans(key.secret)).toContain(loanUuid);
  expect(await loans(otherBrandKey.secret)).not.toContain(loanUuid);
  const refused = await request.get('/partner/v1/events', {
    headers: { authorization: `Bearer ${otherBrandKey.secret}` },
  });
  expect(refused.status()).toBe(403);
  expect((await request.get('/partner/v1/loans')).status()).toBe(401);
});
