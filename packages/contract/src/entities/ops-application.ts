import { z } from 'zod/mini';
import { APPLICATION_STATES, STAGES } from '@pledge/domain';
import { ZApplication } from './application.js';
import { ZCoinAmount } from './coin-amount.js';
import { ZDisbursement } from './disbursement.js';
import { ZFinalSteps } from './final-steps.js';
import { ZIdentityDocument } from './identity-document.js';
import { ZIsoDateTime, ZOrgCode, ZUsd } from '../wire.js';

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
  reason: z.nullable(z.string()),
  at: ZIsoDateTime,
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** What an agent sees of the borrower; sensitive numbers only as masks. */
export const ZOpsBorrower = z.object({
  identityUuid: z.uuid(),
  email: z.email(),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** `***-**-1234`; null when no SSN is on file. */
  ssnMask: z.nullable(z.string().check(z.regex(/^\*{3}-\*{2}-\d{4}$/))),
  homeAddress: z.nullable(z.string()),
  countryOfDomicile: z.nullable(z.string()),
});
export type TOpsBorrower = z.infer<typeof ZOpsBorrower>;

/** Application detail of the agent console. */
export const ZOpsApplicationDetail = z.object({
  application: ZApplication,
  borrower: ZOpsBorrower,
  finalSteps: ZFinalSteps,
  identityDocuments: z.array(ZIdentityDocument),
  disbursement: z.nullable(ZDisbursement),
  auditEvents: z.array(ZAuditEvent),
});
export type TOpsApplicationDetail = z.infer<typeof ZOpsApplicationDetail>;

/** Why an agent cancels, declines or rejects: kept in the audit trail. */
export const ZOpsReason = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(500)),
});
export type TOpsReason = z.infer<typeof ZOpsReason>;
