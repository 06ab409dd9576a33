import { z } from 'zod';
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
  borrowerName: z.string().nullable(),
  isInternational: z.boolean(),
  isRollForward: z.boolean(),
  isCelsiusRefi: z.boolean(),
  /** Total loan of the accepted offer; null before one is accepted. */
  loanAmount: ZUsd.nullable(),
  collateral: ZCoinAmount.nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TOpsApplicationSummary = z.infer<typeof ZOpsApplicationSummary>;

/** One recorded state change: who, when, from, to (DESIGN §5). */
export const ZAuditEvent = z.object({
  id: z.uuid(),
  actor: z.string().min(1),
  fromState: z.enum(APPLICATION_STATES).nullable(),
  toState: z.enum(APPLICATION_STATES).nullable(),
  reason: z.string().nullable(),
  at: ZIsoDateTime,
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** What an agent sees of the borrower; sensitive numbers only as masks. */
export const ZOpsBorrower = z.object({
  identityUuid: z.uuid(),
  email: z.email(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  /** `***-**-1234`; null when no SSN is on file. */
  ssnMask: z
    .string()
    .regex(/^\*{3}-\*{2}-\d{4}$/)
    .nullable(),
  homeAddress: z.string().nullable(),
  countryOfDomicile: z.string().nullable(),
});
export type TOpsBorrower = z.infer<typeof ZOpsBorrower>;

/** Application detail of the agent console. */
export const ZOpsApplicationDetail = z.object({
  application: ZApplication,
  borrower: ZOpsBorrower,
  finalSteps: ZFinalSteps,
  identityDocuments: z.array(ZIdentityDocument),
  disbursement: ZDisbursement.nullable(),
  auditEvents: z.array(ZAuditEvent),
});
export type TOpsApplicationDetail = z.infer<typeof ZOpsApplicationDetail>;

/** Why an agent cancels, declines or rejects: kept in the audit trail. */
export const ZOpsReason = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(500),
});
export type TOpsReason = z.infer<typeof ZOpsReason>;
