/**
 * How a funded loan can be paid, as its servicing view says it: ACH (and autopay) only when the loan
 * has a US bank account to debit, a wire to the lender's receiving account with the loan's
 * reference to quote, and a note on USDC where the brand pays out in USDC (repayments in USDC are
 * not accepted: nothing could credit them). The lender's account is brand configuration
 * (`wireInstructions` of the brand file; the sandbox's demo brands carry test details).
 */
import { z } from 'zod/mini';
import { isValidRoutingNumber } from '@pledge/domain';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** A SWIFT/BIC code: bank (4 letters), country (2), location (2), optional branch (3). */
const SWIFT_CODE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** The lender's receiving account, as the brand file gives it. */
export const ZWireAccount = z.object({
  /** Who the wire is made out to (the lender's legal name). */
  beneficiaryName: text(140),
  beneficiaryAddress: text(200),
  bankName: text(140),
  bankAddress: text(200),
  /** The lender's account number at that bank. */
  accountNumber: z
    .string()
    .check(z.regex(/^[0-9A-Z]{4,34}$/, 'Must be 4 to 34 digits or capitals')),
  /** ABA routing number, for wires from US banks. */
  routingNumber: z.string().check(z.refine(isValidRoutingNumber, 'Invalid routing number')),
  /** SWIFT/BIC code, for wires from banks abroad. */
  swiftCode: z.string().check(z.regex(SWIFT_CODE, 'Must be a SWIFT/BIC code')),
});
export type TWireAccount = z.infer<typeof ZWireAccount>;

/** The wire instructions of one loan: the lender's account and the reference to quote. */
export const ZWireInstructions = z.extend(ZWireAccount, {
  /** What the borrower writes in the wire's reference (remittance) field so it is credited to this loan. */
  reference: z.string().check(z.maxLength(35)),
  currency: z.literal('USD'),
});
export type TWireInstructions = z.infer<typeof ZWireInstructions>;

export const ZLoanPaymentOptions = z.object({
  /** Pay now and pay off by ACH debit: only with a US bank account on the loan. */
  canPayByAch: z.boolean(),
  /** Autopay debits the same account; off the table without one. */
  canUseAutopay: z.boolean(),
  /** Where to wire, with the loan's reference; null when the loan is closed or none is configured. */
  wire: z.nullable(ZWireInstructions),
  /** Why USDC is not a way to pay back, where the brand pays out in USDC; null otherwise. */
  usdcNote: z.nullable(z.string()),
});
export type TLoanPaymentOptions = z.infer<typeof ZLoanPaymentOptions>;
