import { z } from 'zod/mini';
import {
  APPLICATION_EVENTS,
  APPLICATION_STATES,
  HOLDER_NAME_REVIEW_STATUSES,
  OPS_PROPOSAL_KINDS,
  OPS_PROPOSAL_STATUSES,
  OPS_REASON_MAX_LENGTH,
  PAYOFF_METHODS,
  STAGES,
} from '@pledge/domain';
import { ZApplication } from './application.js';
import { ZCoinAmount } from './coin-amount.js';
import { ZDisbursement } from './disbursement.js';
import { ZFinalSteps } from './final-steps.js';
import { ZIdentityDocument } from './identity-document.js';
import { ZIsoDate, ZIsoDateTime, ZOrgCode, ZPositiveUsd, ZUsd } from '../wire.js';

/** One row of the agent console's application list. */
export const ZOpsApplicationSummary = z.object({
  appUuid: z.uuid(),
  state: z.enum(APPLICATION_STATES),
  stage: z.enum(STAGES),
  organization: ZOrgCode,
  borrowerEmail: z.email(),
  /** Null until the loan details are given. */
  borrowerName: z.nullable(z.string()),
  isInternational: z.boolean(),
  isRollForward: z.boolean(),
  isCelsiusRefi: z.boolean(),
  /** Total loan of the accepted offer; null before one is accepted. */
  loanAmount: z.nullable(ZUsd),
  collateral: z.nullable(ZCoinAmount),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TOpsApplicationSummary = z.infer<typeof ZOpsApplicationSummary>;

/** One recorded state change: who, when, from, to (DESIGN §5). */
export const ZAuditEvent = z.object({
  id: z.uuid(),
  actor: z.string().check(z.minLength(1)),
  fromState: z.nullable(z.enum(APPLICATION_STATES)),
  toState: z.nullable(z.enum(APPLICATION_STATES)),
  /**
   * The state machine's event of a state change (`AGENT_CANCEL`, `FUNDS_RELEASED`); null for a
   * record that changed no state (an ID review, a payout change) or one the trail cannot name.
   */
  event: z.nullable(z.enum(APPLICATION_EVENTS)),
  reason: z.nullable(z.string()),
  at: ZIsoDateTime,
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/**
 * What an agent sees of the borrower; sensitive numbers only as masks. The name, SSN, date of birth
 * and home address are those this application's credit pull was made on (the profile's before it).
 */
export const ZOpsBorrower = z.object({
  identityUuid: z.uuid(),
  email: z.email(),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** `***-**-1234`; null when no SSN is on file. */
  ssnMask: z.nullable(z.string().check(z.regex(/^\*{3}-\*{2}-\d{4}$/))),
  dob: z.nullable(ZIsoDate),
  homeAddress: z.nullable(z.string()),
  countryOfDomicile: z.nullable(z.string()),
  /** The borrower's profile now holds other facts than those this application was decided on. */
  profileDiffers: z.boolean(),
});
export type TOpsBorrower = z.infer<typeof ZOpsBorrower>;

/** The borrower's electronic signature of a disclosure: when, from where, and of which bytes. */
export const ZOpsSignature = z.object({
  signedAt: ZIsoDateTime,
  ipAddress: z.string(),
  userAgent: z.string(),
  /** Hex SHA-256 of the document as it was signed. */
  documentSha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});
export type TOpsSignature = z.infer<typeof ZOpsSignature>;

/** One generated disclosure of the application, in signing order, with its signature if signed. */
export const ZOpsDisclosure = z.object({
  uuid: z.uuid(),
  /** Machine name of the document kind (for example `LOAN_AGREEMENT`). */
  type: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  /** Signing order, from 1. */
  position: z.number().check(z.int(), z.positive()),
  /** Hex SHA-256 of the PDF served to the borrower. */
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  createdAt: ZIsoDateTime,
  /** Null while unsigned. */
  signature: z.nullable(ZOpsSignature),
});
export type TOpsDisclosure = z.infer<typeof ZOpsDisclosure>;

/**
 * A disclosure voided when the offer it states no longer held (a refinancing re-priced at its last
 * signature): kept with its signature, never signed or listed to the borrower again.
 */
export const ZOpsVoidedDisclosure = z.extend(ZOpsDisclosure, {
  voidedAt: ZIsoDateTime,
  /** Why, as the audit trail recorded the re-pricing; null when it recorded none. */
  voidedReason: z.nullable(z.string().check(z.maxLength(2_000))),
});
export type TOpsVoidedDisclosure = z.infer<typeof ZOpsVoidedDisclosure>;

/** An agent as the console names them. */
export const ZOpsAgentRef = z.object({ identityUuid: z.uuid(), email: z.email() });
export type TOpsAgentRef = z.infer<typeof ZOpsAgentRef>;

/**
 * The deciding agent's verdict on what another proposed or raised: who, when, and why when it was
 * rejected or withdrawn. All null while it waits.
 */
export const ZOpsDecision = z.object({
  decidedBy: z.nullable(ZOpsAgentRef),
  decidedAt: z.nullable(ZIsoDateTime),
  /** Why it was rejected or withdrawn. */
  decisionReason: z.nullable(z.string()),
});

/** What the borrower paid, as the proposing agent found it. */
export const ZOpsPayoffEvidence = z.object({
  method: z.enum(PAYOFF_METHODS),
  /** Dollars with two decimals on the wire (integer cents inside). */
  amount: ZPositiveUsd,
  paidOn: ZIsoDate,
});
export type TOpsPayoffEvidence = z.infer<typeof ZOpsPayoffEvidence>;

/**
 * A funds release or a payoff proposed by one agent, with its evidence, that a different agent
 * approves (the state changes) or rejects; its proposer may withdraw it.
 */
export const ZOpsProposal = z.object({
  id: z.uuid(),
  kind: z.enum(OPS_PROPOSAL_KINDS),
  status: z.enum(OPS_PROPOSAL_STATUSES),
  proposedBy: ZOpsAgentRef,
  proposedAt: ZIsoDateTime,
  /** The payment or transfer reference. */
  reference: z.string(),
  note: z.nullable(z.string()),
  /** Payoffs only. */
  payoff: z.nullable(ZOpsPayoffEvidence),
  ...ZOpsDecision.shape,
});
export type TOpsProposal = z.infer<typeof ZOpsProposal>;

/**
 * The agent review of a typed-in bank account whose holder name is not the borrower's: funds are
 * not released while it is pending or after it was rejected.
 */
export const ZOpsHolderNameReview = z.object({
  status: z.enum(HOLDER_NAME_REVIEW_STATUSES),
  holderName: z.string(),
  /** The profile name it was compared with; null when the profile has none. */
  borrowerName: z.nullable(z.string()),
  createdAt: ZIsoDateTime,
  ...ZOpsDecision.shape,
});
export type TOpsHolderNameReview = z.infer<typeof ZOpsHolderNameReview>;

/** Application detail of the agent console. */
export const ZOpsApplicationDetail = z.object({
  application: ZApplication,
  borrower: ZOpsBorrower,
  finalSteps: ZFinalSteps,
  identityDocuments: z.array(ZIdentityDocument),
  /** The disclosures and their signatures, in signing order. */
  documents: z.array(ZOpsDisclosure),
  /**
   * Disclosures voided by a re-pricing, newest first (at most 100; absent from an earlier
   * release's answer).
   */
  voidedDocuments: z.optional(z.array(ZOpsVoidedDisclosure).check(z.maxLength(100))),
  disbursement: z.nullable(ZDisbursement),
  auditEvents: z.array(ZAuditEvent),
  /** Release and payoff proposals, newest first. */
  proposals: z.array(ZOpsProposal),
  /** The review of the current payout account's holder name; null when none was needed. */
  holderNameReview: z.nullable(ZOpsHolderNameReview),
});
export type TOpsApplicationDetail = z.infer<typeof ZOpsApplicationDetail>;

/** Why an agent cancels, declines or rejects: kept in the audit trail. */
export const ZOpsReason = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(OPS_REASON_MAX_LENGTH)),
});
export type TOpsReason = z.infer<typeof ZOpsReason>;
