/**
 * Bank payments: ACH debits of a borrower's linked account. A debit is accepted (PENDING) or
 * refused at once (insufficient funds); a pending one later settles or is returned.
 */

export type TDebitAccount =
  /** An account linked through the bank-link provider (its access token, unsealed, and account id). */
  | { kind: 'LINKED'; accessToken: string; accountId: string }
  /** An account typed in by routing and account number. */
  | { kind: 'MANUAL'; routingNumber: string; accountNumber: string; holderName: string };

export type TDebitResult =
  { status: 'PENDING'; transferId: string } | { status: 'FAILED'; reason: string };

export type TTransferStatus =
  | { status: 'PENDING' }
  | { status: 'SETTLED'; settledAt: Date }
  | { status: 'RETURNED'; reason: string };

export interface TBankPaymentsPort {
  /** `sandbox` or `plaid`. */
  readonly name: string;
  /** `paymentUuid` is the provider's idempotency key: a retried call makes one debit. */
  initiateDebit(input: {
    paymentUuid: string;
    amountCents: number;
    account: TDebitAccount;
    description: string;
  }): Promise<TDebitResult>;
  getTransfer(transferId: string): Promise<TTransferStatus>;
}

/** The provider could not answer now; the caller tries again later. */
export class BankPaymentsUnavailableError extends Error {
  override name = 'BankPaymentsUnavailableError';
}
