/**
 * The sandbox bank: the outcome of a debit is chosen by the cents of its amount, so that tests
 * and demos pick it:
 *   - cents .01 (e.g. $100.01): refused at once, insufficient funds;
 *   - cents .02 (e.g. $100.02): accepted, then returned ACH_SETTLEMENT_DAYS days later
 *     (R10, customer advises not authorised);
 *   - any other amount: accepted, settled ACH_SETTLEMENT_DAYS days later.
 * Days are on the deployment's clock (the sandbox clock moves them). Stateless: the transfer id
 * carries the amount and the time it was made, so every instance answers alike.
 */
import { ACH_SETTLEMENT_DAYS } from '@pledge/domain';
import type { TClock } from '../../security/jwt.js';
import type { TBankPaymentsPort, TTransferStatus } from './port.js';

export const SANDBOX_ACH_RULES = {
  insufficientFundsCents: 1,
  returnedCents: 2,
  insufficientFundsReason: 'Insufficient funds (R01)',
  returnedReason: 'Returned by the bank: customer advises not authorised (R10)',
} as const;

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const TRANSFER_ID = /^sbx_(\d+)_(\d+)_[0-9a-f-]{36}$/;

export function createSandboxBankPayments(clock: TClock): TBankPaymentsPort {
  return {
    name: 'sandbox',
    async initiateDebit({ paymentUuid, amountCents }) {
      if (amountCents % 100 === SANDBOX_ACH_RULES.insufficientFundsCents) {
        return { status: 'FAILED', reason: SANDBOX_ACH_RULES.insufficientFundsReason };
      }
      return {
        status: 'PENDING',
        transferId: `sbx_${amountCents}_${clock().getTime()}_${paymentUuid}`,
      };
    },
    async getTransfer(transferId): Promise<TTransferStatus> {
      const match = TRANSFER_ID.exec(transferId);
      if (match === null) return { status: 'RETURNED', reason: 'Unknown transfer' };
      const amountCents = Number(match[1]);
      const settlesAt = new Date(Number(match[2]) + ACH_SETTLEMENT_DAYS * MS_PER_DAY);
      if (clock().getTime() < settlesAt.getTime()) return { status: 'PENDING' };
      if (amountCents % 100 === SANDBOX_ACH_RULES.returnedCents) {
        return { status: 'RETURNED', reason: SANDBOX_ACH_RULES.returnedReason };
      }
      return { status: 'SETTLED', settledAt: settlesAt };
    },
  };
}
