/**
 * A payment's debit asked of the bank, between its two transactions (nothing is locked while the
 * bank answers). The payment's uuid is the bank's idempotency key: asking again for the same
 * payment debits once.
 */
import type {
  TBankPaymentsPort,
  TDebitAccount,
  TDebitResult,
} from '../../adapters/bank-payments/port.js';
import type { TServicingPaymentRow } from './servicing-record.js';

export async function askBankForDebit(
  bankPayments: TBankPaymentsPort,
  payment: TServicingPaymentRow,
  account: TDebitAccount | null,
): Promise<TDebitResult> {
  if (account === null) return { status: 'FAILED', reason: 'No bank account to debit' };
  return bankPayments.initiateDebit({
    paymentUuid: payment.uuid,
    amountCents: payment.amountCents,
    account,
    description: payment.purpose === 'PAYOFF' ? 'Loan payoff' : 'Loan payment',
  });
}
