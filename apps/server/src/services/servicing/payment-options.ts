/**
 * How the borrower can pay this loan (the servicing view's paymentOptions): ACH and autopay only
 * when the loan has a US bank account to debit, a wire to the brand's receiving account with the
 * loan's reference to quote, and, where the brand pays out in USDC, the note that USDC is not taken
 * back (no deposit address of ours is watched for USDC, so nothing sent could be credited).
 */
import type { TLoanPaymentOptions } from '@pledge/contract';
import { loanPaymentMethods, loanPaymentReference, PAYMENT_METHOD_MESSAGES } from '@pledge/domain';
import { eq, sql } from 'drizzle-orm';
import { brandFor, offersInternational, wireAccountFor } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import { bankLinkItems, disbursementAccounts } from '../../db/schema/index.js';
import type { TDebitAccountSource } from './debit-account.js';
import type { TLoanContext } from './servicing-record.js';

/** What the view reads of the loan's payout account to know whether it can be debited. */
export type TDebitability = Pick<
  TDebitAccountSource,
  'routingNumber' | 'bankLinkItemId' | 'linkedAccountId'
> & { hasAccountNumber: boolean; hasBankLinkItem: boolean };

/** Whether a stored payout account can be debited (as debitAccountFrom decides, without unsealing). */
export function isDebitable(account: TDebitability | undefined): boolean {
  if (account === undefined) return false;
  if (account.bankLinkItemId !== null && account.linkedAccountId !== null) {
    return account.hasBankLinkItem;
  }
  return account.routingNumber !== null && account.hasAccountNumber;
}

/** The columns of a loan's payout account (and its bank link) that isDebitable reads. */
export const debitabilityColumns = {
  routingNumber: disbursementAccounts.routingNumber,
  hasAccountNumber: sql<boolean>`${disbursementAccounts.accountNumberSealed} IS NOT NULL`,
  bankLinkItemId: disbursementAccounts.bankLinkItemId,
  linkedAccountId: disbursementAccounts.linkedAccountId,
  hasBankLinkItem: sql<boolean>`${bankLinkItems.id} IS NOT NULL`,
};

/** Whether the loan has a bank account an ACH debit (or autopay) can draw on. */
export async function loanHasDebitAccount(db: TDb, loanUuid: string): Promise<boolean> {
  const [row] = await db
    .select(debitabilityColumns)
    .from(disbursementAccounts)
    .leftJoin(bankLinkItems, eq(bankLinkItems.id, disbursementAccounts.bankLinkItemId))
    .where(eq(disbursementAccounts.applicationUuid, loanUuid));
  return isDebitable(row);
}

export function paymentOptionsOf(input: {
  context: Pick<TLoanContext, 'loan' | 'application'>;
  isOpen: boolean;
  hasDebitAccount: boolean;
}): TLoanPaymentOptions {
  const { context, isOpen } = input;
  const organization = context.application.organization;
  const account = wireAccountFor(organization);
  const methods = loanPaymentMethods({
    isOpen,
    hasDebitAccount: input.hasDebitAccount,
    hasWireInstructions: account !== null,
  });
  const paysOutInUsdc =
    context.application.isInternational && offersInternational(brandFor(organization, false));
  return {
    canPayByAch: methods.canPayByAch,
    canUseAutopay: methods.canUseAutopay,
    wire:
      methods.canPayByWire && account !== null
        ? {
            ...account,
            reference: loanPaymentReference(context.loan.loanUuid),
            currency: 'USD',
          }
        : null,
    usdcNote: isOpen && paysOutInUsdc ? PAYMENT_METHOD_MESSAGES.usdcNotAccepted : null,
  };
}
