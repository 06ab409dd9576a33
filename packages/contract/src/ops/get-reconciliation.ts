import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZReconciliationIssue = z.object({
  loanUuid: z.uuid(),
  /** What does not add up, in words. */
  problem: z.string(),
});

/**
 * The ledger proves itself: every journal sums to zero, every receivable is non-negative, and each
 * loan's stored balances equal the sums of its entries.
 */
export const ZGetOpsReconciliationResponse = z.object({
  checkedAt: ZIsoDateTime,
  loansChecked: z.int(),
  journalsChecked: z.int(),
  isBalanced: z.boolean(),
  /** At most the first 100 issues. */
  issues: z.array(ZReconciliationIssue),
});
export type TGetOpsReconciliationResponse = z.infer<typeof ZGetOpsReconciliationResponse>;

export const getOpsReconciliation = defineEndpoint({
  method: 'GET',
  path: `${OPS}/reconciliation`,
  auth: 'agent',
  summary: 'Ledger reconciliation over every loan',
  response: ZGetOpsReconciliationResponse,
});
