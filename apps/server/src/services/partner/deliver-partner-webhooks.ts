/**
 * Sends one endpoint's pending deliveries of one loan, oldest event first, and stops at the first
 * that fails (a loan's events reach a receiver in order): each attempt re-checks the URL (no
 * private address, whatever the name resolves to now), signs the event, posts it with a 10 s limit
 * and writes the attempt with its status, latency and at most 1 KB of the answer. A failure waits
 * its backoff, and is given up after three days; an endpoint failing for a day with no success is
 * disabled and the lender's support address told.
 */
import {
  isWebhookEndpointDueToDisable,
  nextWebhookAttemptAt,
  WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  WEBHOOK_TIMEOUT_MS,
} from '@pledge/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TWebhookResponse, TWebhookTransport } from '../../adapters/webhooks/port.js';
import { brandFor } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import {
  partnerDeliveries,
  partnerDeliveryAttempts,
  partnerEvents,
  partnerWebhookEndpoints,
} from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { checkWebhookUrl, type THostResolver } from '../../security/public-url.js';
import { queueEmail } from '../email/queue-email.js';
import { partnerEventBody } from './partner-event-body.js';
import { endpointSecretContext } from './webhook-endpoint-record.js';
import {
  signWebhook,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from './webhook-signature.js';

export interface TDeliverDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
  sandbox: boolean;
  resolve: THostResolver;
  /** Posts to a public address. */
  transport: TWebhookTransport;
  /** The sandbox's own receiver (sandbox:webhooks/inbox), reached in process. */
  sandboxReceiver: (input: {
    headers: Record<string, string>;
    body: string;
  }) => Promise<TWebhookResponse>;
}

/** Deliveries sent per run at most; the job runs again at once when there are more. */
export const PARTNER_DELIVERIES_PER_RUN = 100;

export type TDeliverOutcome = { next: 'none' } | { next: 'at'; at: Date } | { next: 'now' };

/** Bytes of text cut to a most, on a character boundary. */
function clip(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  return bytes
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}

interface TAttemptResult {
  isSuccess: boolean;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  latencyMs: number;
}

async function attempt(
  deps: TDeliverDeps,
  endpoint: { url: string; secret: string },
  event: { id: string; type: string; body: string },
  at: Date,
): Promise<TAttemptResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const check = await checkWebhookUrl(endpoint.url, {
    sandbox: deps.sandbox,
    resolve: deps.resolve,
  });
  if (!check.ok) {
    return {
      isSuccess: false,
      statusCode: null,
      error: clip(`Refused before sending: ${check.reason}`, WEBHOOK_RESPONSE_BODY_MAX_BYTES),
      responseBody: null,
      latencyMs: latency(),
    };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'pledge-webhooks/1',
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(endpoint.secret, event.body, at),
    [WEBHOOK_EVENT_ID_HEADER]: event.id,
    [WEBHOOK_EVENT_TYPE_HEADER]: event.type,
    [WEBHOOK_IDEMPOTENCY_HEADER]: event.id,
  };
  try {
    const response =
      check.target.kind === 'sandbox'
        ? await deps.sandboxReceiver({ headers, body: event.body })
        : await deps.transport({
            url: check.target.url,
            address: check.target.address,
            headers,
            body: event.body,
            timeoutMs: WEBHOOK_TIMEOUT_MS,
            maxResponseBytes: WEBHOOK_RESPONSE_BODY_MAX_BYTES,
          });
    return {
      isSuccess: response.status >= 200 && response.status < 300,
      statusCode: response.status,
      error: null,
      responseBody: clip(response.body, WEBHOOK_RESPONSE_BODY_MAX_BYTES),
      latencyMs: latency(),
    };
  } catch (error) {
    return {
      isSuccess: false,
      statusCode: null,
      error: clip(
        error instanceof Error ? error.message : 'No answer',
        WEBHOOK_RESPONSE_BODY_MAX_BYTES,
      ),
      responseBody: null,
      latencyMs: latency(),
    };
  }
}

export async function deliverPartnerWebhooks(
  deps: TDeliverDeps,
  input: { endpointId: string; appUuid: string },
): Promise<TDeliverOutcome> {
  for (let sent = 0; sent < PARTNER_DELIVERIES_PER_RUN; sent += 1) {
    const [endpoint] = await deps.db
      .select()
      .from(partnerWebhookEndpoints)
      .where(eq(partnerWebhookEndpoints.id, input.endpointId));
    if (endpoint === undefined || endpoint.status !== 'ACTIVE') return { next: 'none' };
    const [head] = await deps.db
      .select({
        id: partnerDeliveries.id,
        attempts: partnerDeliveries.attempts,
        nextAttemptAt: partnerDeliveries.nextAttemptAt,
        event: partnerEvents,
      })
      .from(partnerDeliveries)
      .innerJoin(partnerEvents, eq(partnerEvents.id, partnerDeliveries.eventId))
      .where(
        and(
          eq(partnerDeliveries.endpointId, input.endpointId),
          eq(partnerDeliveries.appUuid, input.appUuid),
          eq(partnerDeliveries.status, 'PENDING'),
        ),
      )
      .orderBy(asc(partnerDeliveries.eventSeq), asc(partnerDeliveries.createdAt))
      .limit(1);
    if (head === undefined) return { next: 'none' };
    const now = deps.clock();
    if (head.nextAttemptAt > now) return { next: 'at', at: head.nextAttemptAt };
    const secret = deps.cipher.decryptText(
      endpoint.secretSealed,
      endpointSecretContext(endpoint.id),
    );
    const body = partnerEventBody(head.event);
    const result = await attempt(
      deps,
      { url: endpoint.url, secret },
      { id: head.event.id, type: head.event.type, body },
      now,
    );
    const attempts = head.attempts + 1;
    const next = result.isSuccess
      ? null
      : nextWebhookAttemptAt({ eventAt: head.event.occurredAt, now, failedAttempts: attempts });
    await deps.db.transaction(async (tx) => {
      await tx.insert(partnerDeliveryAttempts).values({
        deliveryId: head.id,
        attemptedAt: now,
        statusCode: result.statusCode,
        isSuccess: result.isSuccess,
        error: result.error,
        latencyMs: result.latencyMs,
        responseBody: result.responseBody,
      });
      await tx
        .update(partnerDeliveries)
        .set({
          attempts,
          lastStatusCode: result.statusCode,
          ...(result.isSuccess
            ? { status: 'DELIVERED' as const, deliveredAt: now }
            : next === null
              ? { status: 'GAVE_UP' as const }
              : { nextAttemptAt: next }),
        })
        .where(eq(partnerDeliveries.id, head.id));
      if (result.isSuccess) {
        await tx
          .update(partnerWebhookEndpoints)
          .set({ failingSince: null })
          .where(eq(partnerWebhookEndpoints.id, endpoint.id));
        return;
      }
      const [failing] = await tx
        .update(partnerWebhookEndpoints)
        .set({
          failingSince: sql`coalesce(${partnerWebhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(partnerWebhookEndpoints.id, endpoint.id))
        .returning({ failingSince: partnerWebhookEndpoints.failingSince });
      if (isWebhookEndpointDueToDisable(failing?.failingSince ?? null, now)) {
        await disableEndpoint(tx, deps, endpoint, now);
      }
    });
    if (!result.isSuccess) return next === null ? { next: 'now' } : { next: 'at', at: next };
  }
  return { next: 'now' };
}

async function disableEndpoint(
  tx: TDb,
  deps: TDeliverDeps,
  endpoint: typeof partnerWebhookEndpoints.$inferSelect,
  now: Date,
): Promise<void> {
  const [disabled] = await tx
    .update(partnerWebhookEndpoints)
    .set({
      status: 'DISABLED',
      disabledAt: now,
      disabledReason: 'Every delivery failed for a day',
    })
    .where(
      and(
        eq(partnerWebhookEndpoints.id, endpoint.id),
        eq(partnerWebhookEndpoints.status, 'ACTIVE'),
      ),
    )
    .returning({ id: partnerWebhookEndpoints.id });
  if (disabled === undefined) return;
  const brand = brandFor(endpoint.brand, deps.sandbox);
  await queueEmail(
    tx,
    { cipher: deps.cipher, sandbox: deps.sandbox },
    'partner-endpoint-disabled',
    {
      to: brand.supportEmail,
      fromName: brand.companyName,
      subject: `${brand.companyName}: a webhook endpoint was disabled`,
      text: [
        `Every delivery to your webhook endpoint ${endpoint.url} (${endpoint.description}) failed since ${endpoint.failingSince?.toISOString() ?? now.toISOString()}, so it was disabled at ${now.toISOString()}.`,
        'No event is lost: every event stays readable through the partner API (events by cursor), and the console can replay them once a working endpoint is registered.',
      ].join('\n\n'),
    },
  );
}
