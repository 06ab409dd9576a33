/**
 * A new-loan application for the signed-in borrower. Creating is idempotent, so a double click or
 * a retried request never makes two:
 * - with an Idempotency-Key, the application that key created is answered again (the key is kept
 *   per borrower; reusing it for another brand or flow is refused);
 * - otherwise, and for a new key, the borrower's open application (state CREATED, nothing priced
 *   yet) of the same brand and flow is answered again; only without one is a new one created.
 * Creations of one borrower are serialised by a transaction-scoped advisory lock, and a partial
 * unique index keeps a single open application per borrower, brand and flow in any case.
 */
import type { TApplication, TPostCreateApplicationBody } from '@pledge/contract';
import { stageOf } from '@pledge/domain';
import { and, eq, sql } from 'drizzle-orm';
import { brandFor, listOrgCodes, publishedBrandVersion } from '../../brands/brands.js';
import { applications, type TApplicationFlow } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { toApplicationView } from './application-view.js';
import type { TApplicationDeps } from './application-record.js';
import { auditApplicationCreated } from './apply-transition.js';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const CREATE_APPLICATION_MESSAGES = {
  unknownOrganization: 'Unknown organisation',
  noMobileApp: 'This lender has no mobile app; apply on the web',
  keyReused: 'This Idempotency-Key was already used for a different application request',
} as const;

export interface TCreateApplicationInput {
  identityUuid: string;
  flow: TApplicationFlow;
  body: TPostCreateApplicationBody;
  /** The request's Idempotency-Key header, already checked against IDEMPOTENCY_KEY_PATTERN. */
  idempotencyKey?: string | undefined;
}

function assertOrganization(flow: TApplicationFlow, organization: string): void {
  if (!listOrgCodes().includes(organization)) {
    const message = CREATE_APPLICATION_MESSAGES.unknownOrganization;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { organization: [message] });
  }
  if (flow === 'MOBILE' && brandFor(organization, false).mobileApp === null) {
    const message = CREATE_APPLICATION_MESSAGES.noMobileApp;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { organization: [message] });
  }
}

export async function createApplication(
  deps: TApplicationDeps,
  input: TCreateApplicationInput,
): Promise<TApplication> {
  const { identityUuid, flow, body, idempotencyKey } = input;
  assertOrganization(flow, body.organization);
  const now = deps.clock();

  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`application-create:${identityUuid}`}, 0))`,
    );

    if (idempotencyKey !== undefined) {
      const [byKey] = await tx
        .select()
        .from(applications)
        .where(
          and(
            eq(applications.identityUuid, identityUuid),
            eq(applications.idempotencyKey, idempotencyKey),
          ),
        );
      if (byKey !== undefined) {
        if (byKey.organization !== body.organization || byKey.flow !== flow) {
          throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', CREATE_APPLICATION_MESSAGES.keyReused);
        }
        return byKey;
      }
    }

    const [open] = await tx
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.identityUuid, identityUuid),
          eq(applications.organization, body.organization),
          eq(applications.flow, flow),
          eq(applications.state, 'CREATED'),
          eq(applications.isRollForward, false),
          eq(applications.isCelsiusRefi, false),
        ),
      );
    if (open !== undefined) return open;

    const [created] = await tx
      .insert(applications)
      .values({
        identityUuid,
        organization: body.organization,
        brandVersion: publishedBrandVersion(body.organization),
        loanOriginatorUuid: body.loanOriginatorUuid ?? null,
        referralUuid: body.referralUuid ?? null,
        flow,
        state: 'CREATED',
        stage: stageOf('CREATED'),
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (created === undefined) throw new Error('The application insert returned no row');
    await auditApplicationCreated(tx, {
      appUuid: created.uuid,
      identityUuid,
      reason: `${flow} application created`,
      at: now,
    });
    return created;
  });

  return toApplicationView(deps.db, row, now);
}
