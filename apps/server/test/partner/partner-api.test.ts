/**
 * The console's partner calls and the partner read API: an endpoint and a key are created only on a
 * second agent's approval, their secret shown once to the proposer; URLs into private networks are
 * refused at registration; a key reads its own brand's applications, loans and events, needs its
 * scope, and a rotated key works for the overlap only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  OPS,
  signInAgent,
  signInSecondAgent,
  useTwoAgentContext,
  type TAgent,
} from '../ops/helpers.js';
import { fundedSandboxLoan, setBtcPrice } from '../servicing/helpers.js';

const PARTNER = `${OPS}/partner`;

describe('partner endpoints, keys and read API', () => {
  const { ctx, maker, checker } = useTwoAgentContext();

  const call = (method: 'GET' | 'POST', url: string, agent: TAgent | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(agent !== null ? { headers: { authorization: `Bearer ${agent.token}` } } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });

  /** The proposals whose secret waits to be read by the agent. */
  async function waitingSecrets(agent: TAgent): Promise<string[]> {
    const response = await call('GET', `${PARTNER}/secrets`, agent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/whsec_|pk_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{20}/);
    return (response.json() as { secrets: { proposalId: string }[] }).secrets.map(
      (secret) => secret.proposalId,
    );
  }

  /** Proposed by the maker, approved by the checker, revealed to the maker: the secret. */
  async function approved(path: string, body: object): Promise<{ id: string; secret: string }> {
    const proposed = await call('POST', `${PARTNER}/${path}`, maker, body);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { id: proposalId } = proposed.json() as { id: string };
    const early = await call('POST', `${PARTNER}/secrets/${proposalId}/reveal`, maker);
    expect(early.statusCode, early.body).toBe(409);
    const self = await call('POST', `${OPS}/controlled-actions/${proposalId}/approve`, maker);
    expect(self.statusCode).toBe(403);
    const approval = await call('POST', `${OPS}/controlled-actions/${proposalId}/approve`, checker);
    expect(approval.statusCode, approval.body).toBe(200);
    expect(approval.body).not.toMatch(/whsec_|pk_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{20}/);
    const byChecker = await call('POST', `${PARTNER}/secrets/${proposalId}/reveal`, checker);
    expect(byChecker.statusCode).toBe(404);
    expect(await waitingSecrets(maker)).toContain(proposalId);
    expect(await waitingSecrets(checker)).not.toContain(proposalId);
    const reveal = await call('POST', `${PARTNER}/secrets/${proposalId}/reveal`, maker);
    expect(reveal.statusCode, reveal.body).toBe(200);
    expect(await waitingSecrets(maker)).not.toContain(proposalId);
    const again = await call('POST', `${PARTNER}/secrets/${proposalId}/reveal`, maker);
    expect(again.statusCode).toBe(410);
    return reveal.json() as { id: string; secret: string };
  }

  it.each([
    'https://127.0.0.1/hooks',
    'https://10.0.0.5/hooks',
    'https://10.255.0.1:8443/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hooks',
    'http://hooks.lender.example/hooks',
  ])('refuses to register %s, creating nothing', async (url) => {
    const response = await call('POST', `${PARTNER}/webhook-endpoints`, maker, {
      brand: 'default',
      url,
      description: 'lender systems',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { url: [expect.any(String)] } });
    const list = await call('GET', `${PARTNER}/webhook-endpoints`, maker);
    expect(
      (list.json() as { endpoints: { url: string }[] }).endpoints.map((e) => e.url),
    ).not.toContain(url);
  });

  it('creates an endpoint on approval and shows its signing secret once, to the proposer', async () => {
    const { id, secret } = await approved('webhook-endpoints', {
      brand: 'default',
      url: 'sandbox:webhooks/inbox',
      description: 'sandbox receiver',
    });
    expect(secret).toMatch(/^whsec_/);
    const list = await call('GET', `${PARTNER}/webhook-endpoints`, maker);
    expect(
      (list.json() as { endpoints: { id: string; status: string }[] }).endpoints,
    ).toContainEqual(expect.objectContaining({ id, status: 'ACTIVE' }));
    const deliveries = await call('GET', `${PARTNER}/webhook-endpoints/${id}/deliveries`, maker);
    expect(deliveries.statusCode).toBe(200);
  });

  it('pages the applications and the loans newest first, each once, by the cursor it gives', async () => {
    await setBtcPrice(ctx, 60_000);
    for (const index of [1, 2, 3]) {
      await fundedSandboxLoan(ctx, { email: `partner-pages-${index}@example.com` });
    }
    const key = await approved('api-keys', {
      brand: 'default',
      label: 'lender pages',
      scopes: ['applications:read', 'loans:read'],
    });
    /** Every page of a list at `limit` a page, walked by its next cursor. */
    const walk = async (list: 'applications' | 'loans', limit: number) => {
      const pages: { data: Record<string, unknown>[]; nextCursor: string | null }[] = [];
      let cursor: string | null = null;
      do {
        const answer = await ctx.app.inject({
          method: 'GET',
          url: `/partner/v1/${list}?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`,
          headers: { authorization: `Bearer ${key.secret}` },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        const page = answer.json() as (typeof pages)[number];
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor !== null && pages.length < 100);
      return pages;
    };
    // What the pages must hold, read here on its own: the brand's rows, newest first.
    const expected = {
      applications: (
        await ctx.database.db.execute<{ id: string }>(sql`
          SELECT uuid::text AS id FROM applications WHERE organization = 'default'
          ORDER BY created_at DESC, uuid DESC`)
      ).rows.map((row) => row.id),
      loans: (
        await ctx.database.db.execute<{ id: string }>(sql`
          SELECT l.loan_uuid::text AS id FROM servicing_loans l
          JOIN applications a ON a.uuid = l.loan_uuid WHERE a.organization = 'default'
          ORDER BY l.created_at DESC, l.loan_uuid DESC`)
      ).rows.map((row) => row.id),
    };
    expect(expected.loans.length).toBeGreaterThanOrEqual(3);
    for (const [list, idOf] of [
      ['applications', 'appUuid'],
      ['loans', 'loanUuid'],
    ] as const) {
      const pages = await walk(list, 2);
      expect(pages.slice(0, -1).every((page) => page.data.length === 2)).toBe(true);
      expect(pages.at(-1)?.nextCursor).toBeNull();
      expect(pages.flatMap((page) => page.data.map((row) => row[idOf]))).toEqual(expected[list]);
      const whole = await walk(list, 100);
      expect(whole).toHaveLength(1);
      expect(whole[0]?.data.map((row) => row[idOf])).toEqual(expected[list]);
    }
  });

  it('a key reads its own brand only, with its scopes; a rotated key works until the overlap ends', async () => {
    await setBtcPrice(ctx, 60_000);
    const { loanUuid } = await fundedSandboxLoan(ctx, {
      email: 'partner-api-borrower@example.com',
      coinQuantity: '1.5',
    });
    await ctx.runJobs();

    const own = await approved('api-keys', {
      brand: 'default',
      label: 'lender core',
      scopes: ['applications:read', 'loans:read', 'events:read'],
    });
    const other = await approved('api-keys', {
      brand: 'partner',
      label: 'partner core',
      scopes: ['loans:read'],
    });
    const read = (path: string, key: string | null) =>
      ctx.app.inject({
        method: 'GET',
        url: `/partner/v1/${path}`,
        ...(key !== null ? { headers: { authorization: `Bearer ${key}` } } : {}),
      });

    expect((await read('loans', null)).statusCode).toBe(401);
    expect((await read('loans', `${own.secret}x`)).statusCode).toBe(401);
    const loans = await read('loans', own.secret);
    expect(loans.statusCode, loans.body).toBe(200);
    expect(loans.headers['cache-control']).toBe('no-store');
    expect(
      (loans.json() as { data: { loanUuid: string }[] }).data.map((l) => l.loanUuid),
    ).toContain(loanUuid);
    const otherLoans = await read('loans', other.secret);
    expect(otherLoans.statusCode).toBe(200);
    expect(
      (otherLoans.json() as { data: { loanUuid: string }[] }).data.map((l) => l.loanUuid),
    ).not.toContain(loanUuid);
    expect((await read('events', other.secret)).statusCode).toBe(403);

    const events = await read('events?limit=2', own.secret);
    expect(events.statusCode, events.body).toBe(200);
    const first = events.json() as { data: { id: string; appUuid: string }[]; nextCursor: string };
    expect(first.data).toHaveLength(2);
    const next = await read(`events?cursor=${first.nextCursor}&limit=100`, own.secret);
    const rest = (next.json() as { data: { id: string; appUuid: string; type: string }[] }).data;
    expect(rest.map((e) => e.id)).not.toContain(first.data[0]?.id);
    expect([...first.data, ...rest].filter((e) => e.appUuid === loanUuid).length).toBeGreaterThan(
      3,
    );
    expect((await read('events?cursor=abc', own.secret)).statusCode).toBe(400);

    const ownKeyId = own.secret.split('.')[0];
    const rotated = await approved('api-keys', {
      brand: 'default',
      label: 'lender core 2',
      scopes: ['loans:read'],
      rotatesKeyId: ownKeyId,
    });
    expect((await read('loans', own.secret)).statusCode).toBe(200);
    expect((await read('loans', rotated.secret)).statusCode).toBe(200);
    const keys = await call('GET', `${PARTNER}/api-keys`, checker);
    expect(keys.statusCode, keys.body).toBe(200);
    expect(keys.body).not.toContain(own.secret.split('.')[1]);
    expect(keys.body).not.toContain(rotated.secret.split('.')[1]);
    const listed = (keys.json() as { keys: { keyId: string }[] }).keys;
    expect(listed.find((key) => key.keyId === rotated.id)).toMatchObject({
      brand: 'default',
      label: 'lender core 2',
      scopes: ['loans:read'],
      expiresAt: null,
      replacesKeyId: ownKeyId,
    });
    const old = listed.find((key) => key.keyId === ownKeyId) as { expiresAt: string } | undefined;
    expect(old?.expiresAt).toEqual(expect.any(String));
    const clock = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advanceHours: 25 },
    });
    expect(clock.statusCode).toBe(200);
    expect((await read('loans', own.secret)).statusCode).toBe(401);
    expect((await read('loans', rotated.secret)).statusCode).toBe(200);
  });

  it('lists the partner API in the OpenAPI document with its key scheme', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const document = docs.json() as {
      paths: Record<string, { get?: { security?: unknown } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.paths['/partner/v1/events']?.get?.security).toEqual([{ partnerKey: [] }]);
    expect(document.paths['/partner/v1/loans']).toBeDefined();
    expect(document.components.securitySchemes.partnerKey).toBeDefined();
  });

  it('replays one event or a time range to an endpoint, as new deliveries of the same events', async () => {
    // The last test moved the sandbox clock a day on; this file's job worker runs on real time.
    const reset = await ctx.app.inject({ method: 'DELETE', url: '/sandbox/clock' });
    expect(reset.statusCode).toBeLessThan(300);
    Object.assign(maker, await signInAgent(ctx));
    Object.assign(checker, await signInSecondAgent(ctx));
    const { id } = await approved('webhook-endpoints', {
      brand: 'default',
      url: 'sandbox:webhooks/inbox',
      description: 'replay target',
    });
    await ctx.runJobs();
    const events = await ctx.app.inject({ method: 'GET', url: '/sandbox/webhooks/inbox' });
    expect(events.statusCode).toBe(200);
    const anyEvent = (events.json() as { deliveries: { eventId: string }[] }).deliveries[0];
    expect(anyEvent).toBeDefined();
    const replay = (body: object) =>
      call('POST', `${PARTNER}/webhook-endpoints/${id}/replay`, maker, body);
    expect((await replay({})).statusCode).toBe(400);
    expect((await replay({ from: '2026-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect(
      (await replay({ from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' })).statusCode,
    ).toBe(400);
    const one = await replay({ eventId: anyEvent?.eventId });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ replayed: 1 });
    const clock = await ctx.app.inject({ method: 'GET', url: '/sandbox/clock' });
    const now = new Date((clock.json() as { now: string }).now).getTime();
    const range = await replay({
      from: new Date(now - 3 * 86_400_000).toISOString(),
      to: new Date(now + 86_400_000).toISOString(),
    });
    expect(range.statusCode, range.body).toBe(200);
    expect((range.json() as { replayed: number }).replayed).toBeGreaterThan(1);
    await ctx.runJobs();
    const deliveries = await call('GET', `${PARTNER}/webhook-endpoints/${id}/deliveries`, maker);
    const list = (
      deliveries.json() as {
        deliveries: { eventId: string; isReplay: boolean; status: string; attempts: unknown[] }[];
      }
    ).deliveries;
    const replays = list.filter((delivery) => delivery.isReplay);
    expect(replays.length).toBeGreaterThan(1);
    expect(
      replays.every(
        (delivery) => delivery.status === 'DELIVERED' && delivery.attempts.length === 1,
      ),
    ).toBe(true);
  }, 60_000);
});
