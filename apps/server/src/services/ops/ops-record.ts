/**
 * The agent console's view of an application: the application itself, the borrower (sensitive
 * numbers only as masks), the checklist, the uploaded IDs, the disclosures with their signatures,
 * the payout destination and the audit trail, newest first. Agents see any application; an unknown id is "not found".
 */
import type {
  TAuditEvent,
  TDisbursement,
  TOpsApplicationDetail,
  TOpsBorrower,
  TOpsDisclosure,
  TOpsVoidedDisclosure,
  TOpsHolderNameReview,
} from '@pledge/contract';
import {
  APPLICATION_STATES,
  type TApplicationState,
  type TCreditFactsAddress,
} from '@pledge/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { readAll, type TDb } from '../../db/pool.js';
import {
  auditEvents,
  disbursementAccounts,
  disclosureDocuments,
  documentSignatures,
  identityDocuments,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { toApplicationView } from '../applications/application-view.js';
import {
  APPLICATION_ENTITY,
  applicationNotFound,
  lockApplicationById,
  type TApplicationRow,
  findApplicationById,
} from '../applications/application-record.js';
import { actors } from '../applications/apply-transition.js';
import { finalStepsOf } from '../applications/final-steps.js';
import { hasCollateralActivity } from '../collateral/collateral-activity.js';
import { disbursementStepStatus } from '../disbursement/disbursement-status.js';
import { DISBURSEMENT_ENTITY, toDisbursementView } from '../disbursement/disbursement-record.js';
import {
  currentHolderNameReview,
  HOLDER_NAME_REVIEW_ENTITY,
  type THolderNameReviewRow,
} from '../disbursement/holder-name-review.js';
import { emailOf } from '../identity/identity-email.js';
import { toIdentityDocumentView } from '../identity-documents/identity-document-record.js';
import { identityStepStatus } from '../identity-documents/identity-step-status.js';
import { readProfile } from '../profile/read-profile.js';
import { underwrittenFactsOf } from '../profile/frozen-credit-facts.js';
import { refiFinalSteps } from '../refi/refi-final-steps.js';
import { renewalFinalSteps } from '../renewal/renewal-final-steps.js';
import { auditEventName } from './audit-event-name.js';
import { decisionView } from './agent-decision.js';
import { proposalsOf } from './proposal-record.js';
import { isSamePerson, personOfApplication, personOfIdentity } from '../controls/same-person.js';

/** What every agent use case needs: the database, the field cipher and the time. */
export interface TOpsDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
}

/** The agent doing something, as the audit trail names them. */
export const agentActor = (agentUuid: string) => actors.agent(agentUuid);

/** Audit entities recorded against an application's uuid. */
const APPLICATION_AUDIT_ENTITIES = [
  APPLICATION_ENTITY,
  DISBURSEMENT_ENTITY,
  HOLDER_NAME_REVIEW_ENTITY,
];

function isApplicationState(value: string | null): value is TApplicationState {
  return value !== null && (APPLICATION_STATES as readonly string[]).includes(value);
}

/** The agent acting, as proposals and reviews name them. */
export interface TActingAgent {
  identityUuid: string;
  email: string;
}

export const OWN_APPLICATION_MESSAGE =
  'You are the borrower on this application: another agent must act on it.';

/**
 * The application row, locked for the rest of the transaction (404 when unknown), for an agent who
 * is not its borrower (DESIGN §6): the same identity, mailbox or SSN is the same person
 * (same-person.ts), and answers 403 OWN_APPLICATION. Every agent action on an application goes
 * through here.
 */
export async function lockApplication(
  tx: TDb,
  cipher: TFieldCipher,
  { appUuid, agentUuid }: { appUuid: string; agentUuid: string },
): Promise<{ application: TApplicationRow; agent: TActingAgent }> {
  const application = await lockApplicationById(tx, appUuid);
  if (application === undefined) throw applicationNotFound();
  const email = await emailOf(tx, cipher, agentUuid);
  if (email === undefined) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in again.');
  const isBorrower = isSamePerson(
    await personOfIdentity(tx, cipher, agentUuid),
    await personOfApplication(tx, cipher, application),
  );
  if (isBorrower) throw new HttpError(403, 'OWN_APPLICATION', OWN_APPLICATION_MESSAGE);
  return { application, agent: { identityUuid: agentUuid, email } };
}

export async function findApplication(db: TDb, appUuid: string): Promise<TApplicationRow> {
  const row = await findApplicationById(db, appUuid);
  if (row === undefined) throw applicationNotFound();
  return row;
}

/** `***-**-1234` from a stored SSN, whatever separators it was typed with. */
export function ssnMaskOf(ssn: string): string {
  return `***-**-${ssn.replace(/\D/g, '').slice(-4)}`;
}

/** The underwritten home address on one line. */
function addressLine(address: TCreditFactsAddress): string {
  const street = [address.street1, address.street2].filter((part) => part !== null && part !== '');
  return [...street, address.city, `${address.state} ${address.zip}`, address.country].join(', ');
}

/**
 * The borrower as this application was underwritten (DESIGN §6): its frozen facts, and whether the
 * profile has moved on from them.
 */
async function borrowerOf(deps: TOpsDeps, row: TApplicationRow): Promise<TOpsBorrower> {
  const { identityUuid } = row;
  const email = await emailOf(deps.db, deps.cipher, identityUuid);
  if (email === undefined) throw new Error(`Identity ${identityUuid} of an application is gone`);
  const profile = await readProfile(deps.db, deps.cipher, identityUuid);
  const { facts, profileDiffers } = await underwrittenFactsOf(deps.db, deps.cipher, {
    appUuid: row.uuid,
    identityUuid,
  });
  return {
    identityUuid,
    email,
    name: facts === null ? null : `${facts.name.firstName} ${facts.name.lastName}`,
    phone: profile.phoneNumbers[0]?.number ?? null,
    ssnMask: facts?.ssn == null ? null : ssnMaskOf(facts.ssn),
    dob: facts?.dob ?? null,
    homeAddress: facts?.residence == null ? null : addressLine(facts.residence),
    countryOfDomicile: profile.countryOfDomicile,
    profileDiffers,
  };
}

async function auditTrailOf(db: TDb, row: TApplicationRow): Promise<TAuditEvent[]> {
  const appUuid = row.uuid;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.entityType, APPLICATION_AUDIT_ENTITIES),
        eq(auditEvents.entityId, appUuid),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
  return rows.map((event) => {
    // Payout changes record methods, not application states; their words stay in `reason`.
    const fromState = isApplicationState(event.fromState) ? event.fromState : null;
    const toState = isApplicationState(event.toState) ? event.toState : null;
    return {
      id: event.id,
      actor: event.actor,
      fromState,
      toState,
      event:
        event.entityType === APPLICATION_ENTITY
          ? auditEventName(fromState, toState, {
              actor: event.actor,
              isCelsiusRefi: row.isCelsiusRefi,
            })
          : null,
      reason: event.reason,
      at: event.at.toISOString(),
    };
  });
}

/** At most this many voided disclosures are listed (newest first). */
const VOIDED_DISCLOSURES_SHOWN = 100;
/** A voided disclosure's reason as listed: the audit's, cut to the contract's bound. */
const VOIDED_REASON_MAX_LENGTH = 2_000;

/**
 * The disclosures of the current offer in signing order, each with its signature (time, IP, user
 * agent, hash); and those voided when a re-pricing left their offer (newest first), each with when
 * and why (the reason of the application's audit event of that moment).
 */
async function disclosuresOf(
  db: TDb,
  appUuid: string,
): Promise<{ current: TOpsDisclosure[]; voided: TOpsVoidedDisclosure[] }> {
  const rows = await db
    .select({ document: disclosureDocuments, signature: documentSignatures })
    .from(disclosureDocuments)
    .leftJoin(documentSignatures, eq(documentSignatures.documentUuid, disclosureDocuments.uuid))
    .where(eq(disclosureDocuments.applicationUuid, appUuid))
    .orderBy(desc(disclosureDocuments.voidedAt), asc(disclosureDocuments.position));
  const view = ({ document, signature }: (typeof rows)[number]): TOpsDisclosure => ({
    uuid: document.uuid,
    type: document.kind,
    name: document.name,
    position: document.position,
    sha256: document.sha256,
    createdAt: document.createdAt.toISOString(),
    signature:
      signature === null
        ? null
        : {
            signedAt: signature.signedAt.toISOString(),
            ipAddress: signature.ipAddress,
            userAgent: signature.userAgent,
            documentSha256: signature.documentSha256,
          },
  });
  const current = rows.filter((row) => row.document.voidedAt === null);
  const voided = rows
    .filter((row) => row.document.voidedAt !== null)
    .slice(0, VOIDED_DISCLOSURES_SHOWN);
  const moments = [...new Set(voided.map((row) => row.document.voidedAt?.getTime() ?? 0))];
  const reasons =
    moments.length === 0
      ? []
      : await db
          .select({ at: auditEvents.at, reason: auditEvents.reason })
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.entityType, APPLICATION_ENTITY),
              eq(auditEvents.entityId, appUuid),
              inArray(
                auditEvents.at,
                moments.map((ms) => new Date(ms)),
              ),
            ),
          );
  const reasonAt = new Map(reasons.map((event) => [event.at.getTime(), event.reason]));
  return {
    current: current.map(view),
    voided: voided.map((row) => {
      const at = row.document.voidedAt ?? new Date(0);
      const reason = reasonAt.get(at.getTime()) ?? null;
      return {
        ...view(row),
        voidedAt: at.toISOString(),
        voidedReason: reason === null ? null : reason.slice(0, VOIDED_REASON_MAX_LENGTH),
      };
    }),
  };
}

function toHolderNameReviewView(
  review: THolderNameReviewRow | null,
  disbursement: TDisbursement | null,
  borrower: TOpsBorrower,
): TOpsHolderNameReview | null {
  if (review === null || disbursement === null) return null;
  return {
    status: review.status,
    holderName: disbursement.accountHolderName ?? '',
    borrowerName: borrower.name,
    createdAt: review.createdAt.toISOString(),
    ...decisionView(review),
  };
}

/** Everything the console shows of one application. */
export async function toOpsDetail(
  deps: TOpsDeps,
  row: TApplicationRow,
): Promise<TOpsApplicationDetail> {
  const [application, borrower, identity, disbursementStep, collateralActivity] = await readAll(
    deps.db,
    [
      () => toApplicationView(deps.db, row, deps.clock()),
      () => borrowerOf(deps, row),
      () => identityStepStatus(deps.db, row),
      () => disbursementStepStatus(deps.db, row),
      () => hasCollateralActivity(deps.db, row.uuid),
    ],
  );
  const [documents, [destination], auditTrail, disclosures, proposals, review] = await readAll(
    deps.db,
    [
      () =>
        deps.db
          .select()
          .from(identityDocuments)
          .where(eq(identityDocuments.applicationUuid, row.uuid))
          .orderBy(desc(identityDocuments.uploadedAt)),
      () =>
        deps.db
          .select()
          .from(disbursementAccounts)
          .where(eq(disbursementAccounts.applicationUuid, row.uuid)),
      () => auditTrailOf(deps.db, row),
      () => disclosuresOf(deps.db, row.uuid),
      () => proposalsOf(deps.db, row.uuid),
      () => currentHolderNameReview(deps.db, row.uuid),
    ],
  );
  const disbursement =
    destination === undefined ? null : toDisbursementView(deps.cipher, destination);
  // A renewal and a refinancing have checklists of their own: no identity step, nothing paid out.
  const finalSteps = row.isRollForward
    ? await renewalFinalSteps(deps.db, row)
    : row.isCelsiusRefi
      ? await refiFinalSteps(deps.db, row)
      : finalStepsOf(row, {
          identity,
          disbursement: disbursementStep,
          hasCollateralActivity: collateralActivity,
        });
  return {
    application,
    borrower,
    finalSteps,
    identityDocuments: documents.map(toIdentityDocumentView),
    documents: disclosures.current,
    voidedDocuments: disclosures.voided,
    disbursement,
    auditEvents: auditTrail,
    proposals,
    holderNameReview: toHolderNameReviewView(review, disbursement, borrower),
  };
}
