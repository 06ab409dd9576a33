/**
 * Reads what the database holds about one application as the domain's TLoanFacts, straight from
 * the tables (never through the services under test), so that the model-based test can check the
 * loan invariants after every step whatever path changed the rows.
 */
import {
  holdsFundingRelease,
  PAYOFF_METHODS,
  toCoinQuantity,
  type TDisbursementDestinationKind,
  type TIdentityDocumentFact,
  type TLoanFacts,
  type TLoanKind,
  type TPayoffMethod,
} from '@pledge/domain';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../src/db/pool.js';
import { queuedJobs } from '../helpers/jobs.js';
import { loadServicingFact } from './servicing-checks.js';
import {
  applicationRequiredDisclosures,
  applications,
  auditEvents,
  collateralAccounts,
  collateralDeposits,
  collateralReleaseRequests,
  disbursementAccounts,
  disclosureDocuments,
  documentSignatures,
  holderNameReviews,
  identityDocuments,
  offers,
  opsProposals,
  usdcTestTransfers,
} from '../../src/db/schema/index.js';

const APPLICATION_ENTITY = 'application';
const PAYOFF_ENTITY = 'payoff';

function isPayoffMethod(value: string | null | undefined): value is TPayoffMethod {
  return value != null && (PAYOFF_METHODS as readonly string[]).includes(value);
}

function loanKind(row: { isRollForward: boolean; isCelsiusRefi: boolean }): TLoanKind {
  if (row.isRollForward) return 'RENEWAL';
  if (row.isCelsiusRefi) return 'REFINANCE';
  return 'NEW_LOAN';
}

/**
 * Every disclosure generated for the application carries a signature, and every required kind was
 * generated (the privacy notice is generated for everyone, so the required list is not the whole).
 */
async function areDocumentsSigned(db: TDb, appUuid: string): Promise<boolean> {
  const required = await db
    .select({ kind: applicationRequiredDisclosures.kind })
    .from(applicationRequiredDisclosures)
    .where(eq(applicationRequiredDisclosures.applicationUuid, appUuid));
  const documents = await db
    .select({ kind: disclosureDocuments.kind, signature: documentSignatures.uuid })
    .from(disclosureDocuments)
    .leftJoin(documentSignatures, eq(documentSignatures.documentUuid, disclosureDocuments.uuid))
    .where(
      and(eq(disclosureDocuments.applicationUuid, appUuid), isNull(disclosureDocuments.voidedAt)),
    );
  if (documents.length === 0) return false;
  const generated = new Set(documents.map((document) => document.kind));
  return (
    documents.every((document) => document.signature !== null) &&
    required.every((row) => generated.has(row.kind))
  );
}

/**
 * The confirmed coins a loan was funded on. A renewed loan's collateral account and deposits moved
 * to the renewal that carried it (and on to that one's renewal, if renewed in turn): its coins are
 * confirmed where they are held now.
 */
async function confirmedCoinQuantity(
  db: TDb,
  appUuid: string,
  isRenewed: boolean,
): Promise<string> {
  if (isRenewed) {
    const carried = await db.execute<{ total: string | null }>(sql`
      WITH RECURSIVE chain(uuid) AS (
        SELECT ${appUuid}::uuid
        UNION
        SELECT a.uuid FROM applications a JOIN chain c ON a.renews_application_uuid = c.uuid
        WHERE a.state <> 'CANCELLED')
      SELECT sum(amount)::text AS total FROM collateral_deposits
      WHERE application_uuid IN (SELECT uuid FROM chain) AND confirmed_at IS NOT NULL`);
    return toCoinQuantity(carried.rows[0]?.total ?? '0').toFixed();
  }
  const rows = await db
    .select({ amount: collateralDeposits.amount })
    .from(collateralDeposits)
    .where(
      and(
        eq(collateralDeposits.applicationUuid, appUuid),
        isNotNull(collateralDeposits.confirmedAt),
      ),
    );
  return rows
    .reduce((total, row) => total.plus(toCoinQuantity(row.amount)), toCoinQuantity('0'))
    .toFixed();
}

async function disbursementFacts(
  db: TDb,
  appUuid: string,
  funded: boolean,
): Promise<TLoanFacts['disbursement']> {
  const [account] = await db
    .select()
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, appUuid));
  if (account === undefined) return { kind: null, verified: false };
  if (account.method === 'USDC_WALLET') {
    const [transfer] = await db
      .select({ confirmedAt: usdcTestTransfers.confirmedAt })
      .from(usdcTestTransfers)
      .where(eq(usdcTestTransfers.applicationUuid, appUuid));
    return { kind: 'USDC_WALLET', verified: transfer?.confirmedAt != null };
  }
  const kind: TDisbursementDestinationKind = 'US_BANK';
  // A US account is verified once saved (the routing checksum). A holder name unlike the
  // borrower's is reviewed by the agents while the loan awaits its release: the review holds the
  // release itself, not the way to MANUAL_FUNDING_RELEASE (where a refused account may be
  // replaced). Funds released while the current account's review still holds went to an account
  // nobody accepted: that account does not count as verified.
  const [review] = await db
    .select({ status: holderNameReviews.status })
    .from(holderNameReviews)
    .where(
      and(
        eq(holderNameReviews.applicationUuid, appUuid),
        eq(holderNameReviews.disbursementVersion, account.version),
      ),
    );
  return { kind, verified: !(funded && holdsFundingRelease(review ?? null)) };
}

/** The review of the newest uploaded identity document. */
async function identityDocumentFact(db: TDb, appUuid: string): Promise<TIdentityDocumentFact> {
  const [latest] = await db
    .select({ status: identityDocuments.reviewStatus })
    .from(identityDocuments)
    .where(eq(identityDocuments.applicationUuid, appUuid))
    .orderBy(desc(identityDocuments.uploadedAt))
    .limit(1);
  if (latest === undefined) return 'NONE';
  const status: string = latest.status;
  return status === 'APPROVED' || status === 'REJECTED' ? status : 'PENDING';
}

/** The payoff: the approved payoff proposal, else the payoff audit record. */
async function payoffFact(db: TDb, appUuid: string): Promise<TLoanFacts['payoff']> {
  const [approved] = await db
    .select({ method: opsProposals.payoffMethod, at: opsProposals.decidedAt })
    .from(opsProposals)
    .where(
      and(
        eq(opsProposals.applicationUuid, appUuid),
        eq(opsProposals.kind, 'RECORD_PAYOFF'),
        eq(opsProposals.status, 'APPROVED'),
      ),
    )
    .orderBy(desc(opsProposals.decidedAt))
    .limit(1);
  const [recorded] = await db
    .select({ method: auditEvents.toState, at: auditEvents.at })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, PAYOFF_ENTITY), eq(auditEvents.entityId, appUuid)))
    .orderBy(desc(auditEvents.at))
    .limit(1);
  for (const payoff of [recorded, approved]) {
    if (payoff !== undefined && isPayoffMethod(payoff.method) && payoff.at != null) {
      return { method: payoff.method, paidOffAt: payoff.at.toISOString() };
    }
  }
  return null;
}

async function wasFunded(db: TDb, appUuid: string): Promise<boolean> {
  const [released] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, APPLICATION_ENTITY),
        eq(auditEvents.entityId, appUuid),
        eq(auditEvents.fromState, 'MANUAL_FUNDING_RELEASE'),
        eq(auditEvents.toState, 'COMPLETE'),
      ),
    )
    .limit(1);
  return released !== undefined;
}

/** One snapshot of the application's facts. */
export async function loadLoanFacts(db: TDb, appUuid: string): Promise<TLoanFacts> {
  const [application] = await db.select().from(applications).where(eq(applications.uuid, appUuid));
  if (application === undefined) throw new Error(`No application ${appUuid}`);
  const [offer] =
    application.selectedOfferUuid === null
      ? []
      : await db
          .select({ collateralUnits: offers.collateralUnits })
          .from(offers)
          .where(eq(offers.uuid, application.selectedOfferUuid));
  const [account] = await db
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, appUuid));
  const releases = await db
    .select()
    .from(collateralReleaseRequests)
    .where(eq(collateralReleaseRequests.applicationUuid, appUuid))
    .orderBy(asc(collateralReleaseRequests.createdAt));
  // Independent reads, each on a connection of its own.
  const funded = await wasFunded(db, appUuid);
  const [documentsSigned, confirmed, disbursement, identityDocument, payoff] = await Promise.all([
    areDocumentsSigned(db, appUuid),
    confirmedCoinQuantity(db, appUuid, application.state === 'RENEWED'),
    disbursementFacts(db, appUuid, funded),
    identityDocumentFact(db, appUuid),
    payoffFact(db, appUuid),
  ]);
  return {
    appUuid,
    state: application.state,
    stage: application.stage,
    kind: loanKind(application),
    residence: application.isInternational ? 'INTERNATIONAL' : 'DOMESTIC',
    documentsSigned,
    collateral: {
      requiredCoinQuantity:
        offer === undefined ? null : toCoinQuantity(offer.collateralUnits).toFixed(),
      confirmedCoinQuantity: confirmed,
      borrowerConfirmed: account?.borrowerConfirmedAt != null,
      walletSourceType: account?.walletSourceType ?? 'CUSTODIAL',
    },
    disbursement,
    identityDocument,
    collateralReleases: releases.map((release) => ({
      id: release.id,
      result: release.result,
      address: release.address,
      scheduledFor: release.scheduledFor.toISOString(),
      requestedAt: release.createdAt.toISOString(),
    })),
    payoff,
    funded,
    servicing: await loadServicingFact(db, appUuid),
  };
}

/** The servicing tables of a loan, each keyed by loan_uuid. */
const SERVICING_TABLES = [
  'servicing_loans',
  'ledger_entries',
  'servicing_payments',
  'servicing_deferrals',
  'servicing_statements',
  'liquidations',
] as const;

/**
 * Everything recorded about the application, row by row, as one digest (one round trip): a refused
 * call must leave it exactly as it was. Bank-link items are left out: a poll of the provider
 * refreshes them.
 */
export async function loadRecordFingerprint(db: TDb, appUuid: string): Promise<string> {
  const byApplication = [
    offers,
    collateralAccounts,
    collateralDeposits,
    collateralReleaseRequests,
    disbursementAccounts,
    usdcTestTransfers,
    identityDocuments,
    disclosureDocuments,
    opsProposals,
    holderNameReviews,
    applicationRequiredDisclosures,
  ];
  const rowsOf = (from: SQL, where: SQL) =>
    sql`(SELECT coalesce(jsonb_agg(row ORDER BY row::text), '[]'::jsonb) FROM ${from} row WHERE ${where})`;
  const parts = [
    rowsOf(sql`${applications}`, sql`row.uuid = ${appUuid}`),
    ...byApplication.map((table) => rowsOf(sql`${table}`, sql`row.application_uuid = ${appUuid}`)),
    rowsOf(
      sql`(SELECT s.* FROM ${documentSignatures} s JOIN ${disclosureDocuments} d ON d.uuid = s.document_uuid WHERE d.application_uuid = ${appUuid})`,
      sql`true`,
    ),
    rowsOf(sql`${auditEvents}`, sql`row.entity_id = ${appUuid}`),
    // A funded loan's servicing: a refused payment, deferral or payoff changes none of it.
    ...SERVICING_TABLES.map((table) =>
      rowsOf(sql.raw(table), sql`row.loan_uuid = ${appUuid}::uuid`),
    ),
    rowsOf(sql`graphile_worker._private_jobs`, sql`row.payload::text LIKE ${`%${appUuid}%`}`),
  ];
  const result = await db.execute<{ digest: string }>(
    sql`SELECT jsonb_build_array(${sql.join(parts, sql`, `)})::text AS digest`,
  );
  return result.rows[0]?.digest ?? '';
}

/** Jobs about the application that failed (an exception in a job is a 5xx nobody sees). */
export async function failedJobsOf(db: TDb, appUuid: string) {
  const jobs = await queuedJobs(db, { payloadLike: `%${appUuid}%` });
  return jobs
    .filter((job) => job.lastError !== null || job.isFailed)
    .map((job) => ({ kind: job.kind, lastError: job.lastError, isFailed: job.isFailed }));
}
