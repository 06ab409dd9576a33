/**
 * Partner events end to end inside the server: the outbox trigger, the drain into catalogue events
 * and deliveries (one at a time and in order across instances), signed delivery in each loan's order, retries after a failing receiver (each event
 * accepted once), the URL guard at send time, the 1 KB cap and disabling after a day of failures.
 */
import { PAYMENT_STATUSES } from '@pledge/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TWebhookRequest, TWebhookTransport } from '../../src/adapters/webhooks/port.js';
import {
  auditEvents,
  outbox,
  partnerDeliveries,
  partnerDeliveryAttempts,
  partnerEvents,
  partnerOutbox,
  partnerWebhookEndpoints,
} from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { SANDBOX_WEBHOOK_URL, type THostResolver } from '../../src/security/public-url.js';
import {
  deliverPartnerWebhooks,
  type TDeliverDeps,
} from '../../src/services/partner/deliver-partner-webhooks.js';
import {
  drainPartnerOutbox,
  startPartnerOutboxDrainer,
} from '../../src/services/partner/drain-partner-outbox.js';
import { partnerEventsOfChange } from '../../src/services/partner/partner-event-types.js';
import { insertWebhookEndpoint } from '../../src/services/partner/webhook-endpoint-record.js';
import { verifyWebhookSignature } from '../../src/services/partner/webhook-signature.js';
import {
  listSandboxWebhooks,
  receiveSandboxWebhook,
  setSandboxWebhookFailures,
} from '../../src/services/sandbox/webhook-inbox.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { waitFor } from '../multi-instance/instances.js';
import { fundedSandboxLoan, provisionSandboxAgents, setBtcPrice } from '../servicing/helpers.js';

const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
const SECRET = 'whsec_partner_test_secret';
const HOUR_MS = 3_600_000;

const resolve: THostResolver = async (hostname) =>
  hostname === 'rebind.lender.example' ? ['10.0.0.7'] : ['93.184.216.34'];

describe('partner webhooks', () => {
  const world = useApplicationsTestContext();
  let now = new Date();
  const clock = () => now;
  const db = () => world.database.db;

  const deliverDeps = (transport: TWebhookTransport): TDeliverDeps => ({
    db: db(),
    cipher,
    clock,
    sandbox: true,
    resolve,
    transport,
    sandboxReceiver: (input) => receiveSandboxWebhook({ db: db(), clock }, input),
  });
  const noNetwork: TWebhookTransport = async () => {
    throw new Error('no network in this test');
  };

  async function sandboxLoan(email: string): Promise<string> {
    await provisionSandboxAgents(world);
    await setBtcPrice(world, 60_000);
    return (await fundedSandboxLoan(world, { email, coinQuantity: '1.5' })).appUuid;
  }

  async function endpoint(url: string, brand = 'default') {
    return insertWebhookEndpoint(db(), cipher, {
      brand,
      url,
      description: 'lender systems',
      secret: SECRET,
      createdBy: 'agent:test',
    });
  }

  /** Switches a test's endpoints off before the next test. */
  async function disable(...hooks: { id: string }[]) {
    for (const hook of hooks) {
      await db()
        .update(partnerWebhookEndpoints)
        .set({ status: 'DISABLED' })
        .where(eq(partnerWebhookEndpoints.id, hook.id));
    }
  }

  /** Waits until the running drainers have left no copy waiting (a copy goes with its events). */
  async function outboxEmptied(): Promise<void> {
    await waitFor('the drainers to drain the outbox', async () => {
      const [waiting] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(partnerOutbox);
      return waiting?.n === 0;
    });
  }

  async function drainAll(): Promise<void> {
    while ((await drainPartnerOutbox({ db: db(), clock })) > 0) {
      // until the outbox is empty
    }
  }

  it('writes the outbox copy in the change transaction, and none when it rolls back', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerOutbox);
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(auditEvents).values({
          entityType: 'application',
          entityId: '00000000-0000-4000-8000-000000000001',
          actor: 'system:test',
          fromState: 'SIGN_DOCS',
          toState: 'WAITING_FOR_COLLATERAL',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db().insert(auditEvents).values({
      entityType: 'banner',
      entityId: 'b1',
      actor: 'system:test',
    });
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerOutbox);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('delivers every event of a loan to the sandbox receiver, in order, signed, once each after failures', async () => {
    const hook = await endpoint(SANDBOX_WEBHOOK_URL);
    const appUuid = await sandboxLoan('partner-walk@example.com');
    await drainAll();
    const events = await db()
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.appUuid, appUuid))
      .orderBy(partnerEvents.seq);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('application.created');
    for (const expected of [
      'application.offer_accepted',
      'application.documents_signed',
      'application.collateral_received',
      'application.funds_released',
      'loan.funded',
    ]) {
      expect(types).toContain(expected);
    }
    expect(types.indexOf('application.documents_signed')).toBeLessThan(
      types.indexOf('loan.funded'),
    );
    for (const event of events) {
      expect(JSON.stringify(event.data)).not.toMatch(/ssn|account|routing/i);
    }

    // The receiver is down for the first three posts.
    await setSandboxWebhookFailures(db(), { count: 3, status: 503 });
    const deps = deliverDeps(noNetwork);
    let outcome = await deliverPartnerWebhooks(deps, { endpointId: hook.id, appUuid });
    for (let round = 0; round < 10 && outcome.next !== 'none'; round += 1) {
      if (outcome.next === 'at') now = outcome.at;
      outcome = await deliverPartnerWebhooks(deps, { endpointId: hook.id, appUuid });
    }
    expect(outcome).toEqual({ next: 'none' });

    const inbox = (await listSandboxWebhooks(db())).deliveries.filter((received) =>
      events.some((event) => event.id === received.eventId),
    );
    expect(inbox.filter((received) => received.answeredStatus === 503)).toHaveLength(3);
    const accepted = inbox.filter((received) => received.answeredStatus === 200);
    expect(accepted.map((received) => received.eventId)).toEqual(events.map((event) => event.id));
    for (const received of accepted) {
      expect(
        verifyWebhookSignature(SECRET, received.body, received.signature, now, 10 * 86_400),
      ).toBe(true);
      const body = JSON.parse(received.body) as { id: string; appUuid: string; brand: string };
      expect(body).toMatchObject({ id: received.eventId, appUuid, brand: 'default' });
    }
    const attempts = await db()
      .select()
      .from(partnerDeliveryAttempts)
      .innerJoin(partnerDeliveries, eq(partnerDeliveries.id, partnerDeliveryAttempts.deliveryId))
      .where(eq(partnerDeliveries.endpointId, hook.id));
    expect(attempts).toHaveLength(events.length + 3);
    const [endpointAfter] = await db()
      .select()
      .from(partnerWebhookEndpoints)
      .where(eq(partnerWebhookEndpoints.id, hook.id));
    expect(endpointAfter).toMatchObject({ status: 'ACTIVE', failingSince: null });
    await disable(hook);
  });

  it('refuses to send to a name that now resolves to a private address, and keeps 1 KB of an answer', async () => {
    const rebinding = await endpoint('https://rebind.lender.example/hooks');
    const publicOne = await endpoint('https://hooks.lender.example/hooks');
    const appUuid = await sandboxLoan('partner-guard@example.com');
    await drainAll();
    const sent: TWebhookRequest[] = [];
    const transport: TWebhookTransport = async (request) => {
      sent.push(request);
      return { status: 200, body: 'é'.repeat(3_000) };
    };
    const refused = await deliverPartnerWebhooks(deliverDeps(transport), {
      endpointId: rebinding.id,
      appUuid,
    });
    expect(refused.next).toBe('at');
    expect(sent).toHaveLength(0);
    const [refusal] = await db()
      .select({
        error: partnerDeliveryAttempts.error,
        statusCode: partnerDeliveryAttempts.statusCode,
      })
      .from(partnerDeliveryAttempts)
      .innerJoin(partnerDeliveries, eq(partnerDeliveries.id, partnerDeliveryAttempts.deliveryId))
      .where(eq(partnerDeliveries.endpointId, rebinding.id));
    expect(refusal?.statusCode).toBeNull();
    expect(refusal?.error).toContain('10.0.0.7');

    expect(
      await deliverPartnerWebhooks(deliverDeps(transport), { endpointId: publicOne.id, appUuid }),
    ).toEqual({ next: 'none' });
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]?.address).toBe('93.184.216.34');
    expect(sent[0]?.timeoutMs).toBe(10_000);
    expect(sent[0]?.headers['idempotency-key']).toBe(sent[0]?.headers['pledge-event-id']);
    const bodies = await db()
      .select({ body: partnerDeliveryAttempts.responseBody })
      .from(partnerDeliveryAttempts)
      .innerJoin(partnerDeliveries, eq(partnerDeliveries.id, partnerDeliveryAttempts.deliveryId))
      .where(eq(partnerDeliveries.endpointId, publicOne.id));
    for (const { body } of bodies) {
      expect(Buffer.byteLength(body ?? '')).toBeLessThanOrEqual(1_024);
      expect(Buffer.byteLength(body ?? '')).toBeGreaterThan(1_000);
    }
    await disable(rebinding, publicOne);
  });

  it('disables an endpoint after a day of failures and tells the lender', async () => {
    const down = await endpoint('https://hooks.lender.example/down');
    const appUuid = await sandboxLoan('partner-down@example.com');
    await drainAll();
    const failing: TWebhookTransport = async () => ({ status: 500, body: 'down' });
    const start = now;
    let outcome = await deliverPartnerWebhooks(deliverDeps(failing), {
      endpointId: down.id,
      appUuid,
    });
    while (outcome.next === 'at' && now.getTime() - start.getTime() < 30 * HOUR_MS) {
      now = outcome.at;
      outcome = await deliverPartnerWebhooks(deliverDeps(failing), {
        endpointId: down.id,
        appUuid,
      });
    }
    expect(outcome).toEqual({ next: 'none' });
    const [row] = await db()
      .select()
      .from(partnerWebhookEndpoints)
      .where(eq(partnerWebhookEndpoints.id, down.id));
    expect(row?.status).toBe('DISABLED');
    const disabledAfterMs = (row?.disabledAt?.getTime() ?? 0) - start.getTime();
    expect(disabledAfterMs).toBeGreaterThanOrEqual(24 * HOUR_MS);
    expect(disabledAfterMs).toBeLessThan(26 * HOUR_MS);
    const mails = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'partner-endpoint-disabled'));
    expect(mails).toHaveLength(1);
    const pending = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerDeliveries)
      .where(eq(partnerDeliveries.endpointId, down.id));
    expect(pending[0]?.n).toBeGreaterThan(0);
  });

  it('the drainer turns a change into events and the jobs deliver them to the sandbox receiver', async () => {
    await setSandboxWebhookFailures(db(), { count: 0, status: 503 });
    const hook = await endpoint(SANDBOX_WEBHOOK_URL, 'markets');
    const appUuid = await sandboxLoan('partner-jobs@example.com');
    await db().execute(
      sql`UPDATE applications SET organization = 'markets' WHERE uuid = ${appUuid}`,
    );
    await world.runJobs();
    await db().insert(auditEvents).values({
      entityType: 'application',
      entityId: appUuid,
      actor: 'system:test',
      fromState: 'COMPLETE',
      toState: 'PAID_OFF',
    });
    // The change queued no job: the drainer finds its copy (on real time, as the jobs run).
    expect(await world.worker.runDue()).toBe(0);
    const drainer = startPartnerOutboxDrainer({
      db: db(),
      clock: () => new Date(),
      everyMs: 20,
    });
    try {
      await outboxEmptied();
    } finally {
      await drainer.stop();
    }
    await world.runJobs();
    const delivered = await db()
      .select({ eventId: partnerDeliveries.eventId, status: partnerDeliveries.status })
      .from(partnerDeliveries)
      .where(eq(partnerDeliveries.endpointId, hook.id));
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((delivery) => delivery.status === 'DELIVERED')).toBe(true);
    const inbox = (await listSandboxWebhooks(db())).deliveries.filter((received) =>
      delivered.some((delivery) => delivery.eventId === received.eventId),
    );
    expect(
      inbox.map((received) => JSON.parse(received.body) as { type: string }).at(-1)?.type,
    ).toBe('loan.paid_off');
  });
  it('copies a payment audit only when it makes an event', async () => {
    const paymentUuid = '00000000-0000-4000-8000-00000000a001';
    const changes = PAYMENT_STATUSES.flatMap((from) =>
      [null, ...PAYMENT_STATUSES].map((to) => ({ fromState: from as string | null, toState: to })),
    ).concat(PAYMENT_STATUSES.map((to) => ({ fromState: null, toState: to })));
    const inserted = await db()
      .insert(auditEvents)
      .values(
        changes.map((change) => ({
          entityType: 'servicing-payment',
          entityId: paymentUuid,
          actor: 'system:test',
          ...change,
        })),
      )
      .returning({
        id: auditEvents.id,
        fromState: auditEvents.fromState,
        toState: auditEvents.toState,
      });
    const copied = await db()
      .select({ auditEventId: partnerOutbox.auditEventId })
      .from(partnerOutbox)
      .where(
        inArray(
          partnerOutbox.auditEventId,
          inserted.map((row) => row.id),
        ),
      );
    const copiedIds = new Set(copied.map((row) => row.auditEventId));
    for (const row of inserted) {
      const makesEvents =
        partnerEventsOfChange({ entityType: 'servicing-payment', ...row }, { isCelsiusRefi: false })
          .length > 0;
      // Every change that makes an event is copied; the trigger may copy more, never fewer.
      if (makesEvents)
        expect(copiedIds.has(row.id), `${row.fromState} → ${row.toState}`).toBe(true);
    }
    // A payment written (its first audit row) is not copied.
    const written = inserted.find((row) => row.fromState === null && row.toState === 'PENDING');
    expect(copiedIds.has(written?.id ?? '')).toBe(false);
    await drainAll();
  });

  it('two instances drain bursts once each, numbering the events in the order of the changes', async () => {
    await drainAll();
    const loans = await Promise.all(
      ['a', 'b', 'c'].map((name) => sandboxLoan(`partner-burst-${name}@example.com`)),
    );
    await drainAll();
    const steps: [string, string][] = [
      ['COMPLETE', 'PAID_OFF'],
      ['PAID_OFF', 'COLLATERAL_RELEASED'],
    ];
    const drainers = [1, 2].map(() => startPartnerOutboxDrainer({ db: db(), clock, everyMs: 5 }));
    try {
      for (const [from, to] of steps) {
        // A burst: every loan's change at once, each in its own transaction.
        await Promise.all(
          loans.map((appUuid) =>
            db().insert(auditEvents).values({
              entityType: 'application',
              entityId: appUuid,
              actor: 'system:test',
              fromState: from,
              toState: to,
            }),
          ),
        );
      }
      await outboxEmptied();
    } finally {
      await Promise.all(drainers.map((drainer) => drainer.stop()));
    }
    const events = await db()
      .select({
        appUuid: partnerEvents.appUuid,
        type: partnerEvents.type,
        outboxId: partnerEvents.outboxId,
      })
      .from(partnerEvents)
      .where(inArray(partnerEvents.appUuid, loans))
      .orderBy(asc(partnerEvents.seq));
    for (const appUuid of loans) {
      const mine = events.filter((event) => event.appUuid === appUuid);
      const told = mine.filter((event) =>
        ['loan.paid_off', 'loan.collateral_released'].includes(event.type),
      );
      // Once each, in the loan's order.
      expect(told.map((event) => event.type)).toEqual([
        'loan.paid_off',
        'loan.collateral_released',
      ]);
    }
    // Numbered in the order of each loan's copies, whichever instance drained them, and each
    // copy's events together. Across loans the burst's transactions commit in any order: a copy
    // whose transaction commits after one with a later id is drained, and numbered, after it.
    for (const appUuid of loans) {
      const copies = events
        .filter((event) => event.appUuid === appUuid)
        .map((event) => event.outboxId);
      expect(copies).toEqual([...copies].sort((x, y) => x - y));
    }
    const runs = events
      .map((event) => event.outboxId)
      .filter((outboxId, index, all) => index === 0 || all[index - 1] !== outboxId);
    expect(runs).toEqual([...new Set(runs)]);
  });
});
