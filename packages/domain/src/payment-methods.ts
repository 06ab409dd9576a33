/**
 * How a borrower can pay a funded loan. An ACH debit (one-off, autopay, payoff) needs a US bank
 * account the loan can debit; a borrower paid out in USDC has none, so a wire to the lender's
 * receiving account, quoting the loan's reference, is how they pay. USDC repayments are not taken:
 * no deposit address of ours is watched for USDC, so nothing sent there could be credited.
 */

export interface TLoanPaymentMethods {
  /** Pay an amount, or a payoff quote, by ACH debit of the loan's bank account. */
  canPayByAch: boolean;
  /** Autopay debits that account on each due date. */
  canUseAutopay: boolean;
  /** A wire to the lender's account, quoting the loan's reference (needs the lender's details). */
  canPayByWire: boolean;
}

/** The ways an open loan can be paid; none for a closed one. */
export function loanPaymentMethods(input: {
  isOpen: boolean;
  /** The loan has a US bank account an ACH debit can draw on. */
  hasDebitAccount: boolean;
  /** The lender's wire instructions are configured. */
  hasWireInstructions: boolean;
}): TLoanPaymentMethods {
  const canPayByAch = input.isOpen && input.hasDebitAccount;
  return {
    canPayByAch,
    canUseAutopay: canPayByAch,
    canPayByWire: input.isOpen && input.hasWireInstructions,
  };
}

/** A uuid as text (any version). */
const UUID_HEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reference a borrower quotes on a wire so that it is credited to their loan: "PL" and the
 * loan's id without dashes, upper case (34 characters, within one 35-character line of a wire's
 * remittance information), so that it names one loan and nothing else.
 */
export function loanPaymentReference(loanUuid: string): string {
  if (!UUID_HEX.test(loanUuid)) throw new RangeError(`Not a loan id: ${loanUuid}`);
  return `PL${loanUuid.replaceAll('-', '').toUpperCase()}`;
}

/** What a borrower is told about paying a loan when a way is not open to them. */
export const PAYMENT_METHOD_MESSAGES = {
  /** An ACH debit asked of a loan without a bank account to debit. */
  noDebitAccount: (reference: string) =>
    `This loan has no US bank account to debit. Pay by wire instead: the instructions are on your loan page; quote the reference ${reference}.`,
  /** Autopay asked of a loan without a bank account to debit. */
  noAutopay:
    'Autopay debits a US bank account, and this loan has none. Pay by wire with the instructions on your loan page.',
  /** Why USDC is not a way to pay back. */
  usdcNotAccepted:
    'Repayments in USDC are not accepted: nothing sent in USDC can be credited to your loan. Pay by wire in US dollars.',
} as const;
