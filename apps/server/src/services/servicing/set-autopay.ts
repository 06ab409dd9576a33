/** Autopay on or off: the amount due is debited on each due date while on. Audited. */
import type { TServicingLoan } from '@pledge/contract';
import { PAYMENT_METHOD_MESSAGES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { auditEvents, servicingLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { changeOwnLoan } from './change-own-loan.js';
import type { TServicingViewDeps } from './get-servicing-loan.js';
import { loanHasDebitAccount } from './payment-options.js';

export async function setAutopay(
  deps: TServicingViewDeps,
  input: { identityUuid: string; loanUuid: string; enabled: boolean; actor: string },
): Promise<TServicingLoan> {
  const now = deps.clock();
  return changeOwnLoan(deps, input, async (tx, context) => {
    if (context.loan.autopayEnabled === input.enabled) return;
    // Autopay is an ACH debit: a loan without a bank account (paid out in USDC) cannot have it.
    if (input.enabled && !(await loanHasDebitAccount(tx, input.loanUuid))) {
      throw new HttpError(409, 'NO_DEBIT_ACCOUNT', PAYMENT_METHOD_MESSAGES.noAutopay);
    }
    await tx
      .update(servicingLoans)
      .set({ autopayEnabled: input.enabled, updatedAt: now })
      .where(eq(servicingLoans.loanUuid, input.loanUuid));
    await tx.insert(auditEvents).values({
      entityType: 'servicing-loan',
      entityId: input.loanUuid,
      actor: input.actor,
      fromState: context.loan.autopayEnabled ? 'AUTOPAY_ON' : 'AUTOPAY_OFF',
      toState: input.enabled ? 'AUTOPAY_ON' : 'AUTOPAY_OFF',
      reason: input.enabled ? 'Autopay turned on' : 'Autopay turned off',
      at: now,
    });
  });
}
