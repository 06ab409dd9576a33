/**
 * The Truth in Lending figures of an offer (Regulation Z §1026.18): the annual percentage rate,
 * the finance charge, the amount financed, the total of payments and the payment schedule. One
 * function gives them to the offer page, before sign-in, and to the signed disclosure, so that what
 * a borrower reads before applying is what the borrower signs.
 */
import type { TOfferTerms, TPaymentScheduleRow } from './offer.js';
import { formatRatePct, formatUsd } from './money.js';

/** The figures a Truth in Lending box and disclosure state. */
export interface TTruthInLending {
  /** 3 decimals, as every page shows rates. */
  annualPercentageRatePct: string;
  /** Total of payments minus the amount financed: the interest and the prepaid fee. */
  financeChargeCents: number;
  /** The cash to the borrower: the capitalised origination fee is a prepaid finance charge. */
  amountFinancedCents: number;
  totalOfPaymentsCents: number;
  /** The origination fee, in dollars (a part of the finance charge). */
  prepaidFinanceChargeCents: number;
  /** The scheduled interest: the finance charge less the prepaid fee. */
  interestCents: number;
  termMonths: number;
  /** The schedule in runs of equal payments, in order. */
  paymentRuns: readonly TPaymentRun[];
}

/** Consecutive payments of one amount, due monthly from firstDueMonth to lastDueMonth. */
export interface TPaymentRun {
  count: number;
  amountCents: number;
  firstDueMonth: number;
  lastDueMonth: number;
}

/** What each figure is, in the words of Regulation Z's model form (appendix H-2). */
export const TRUTH_IN_LENDING_TERMS = {
  apr: {
    label: 'Annual Percentage Rate',
    meaning: 'the cost of your credit as a yearly rate',
  },
  financeCharge: {
    label: 'Finance Charge',
    meaning: 'the dollar amount the credit will cost you',
  },
  amountFinanced: {
    label: 'Amount Financed',
    meaning: 'the amount of credit provided to you',
  },
  totalOfPayments: {
    label: 'Total of Payments',
    meaning: 'the amount you will have paid after making all payments as scheduled',
  },
} as const;

export type TTruthInLendingOffer = Pick<
  TOfferTerms,
  'annualPercentageRatePct' | 'drawAmountCents' | 'originationFeeAmountCents' | 'termMonths'
> & { paymentSchedule: readonly TPaymentScheduleRow[] };

/** The schedule's runs of equal payments: 11 of $150.36, then 1 of $20,400.36. */
export function paymentRuns(schedule: readonly TPaymentScheduleRow[]): TPaymentRun[] {
  const runs: TPaymentRun[] = [];
  for (const payment of schedule) {
    const last = runs.at(-1);
    if (last !== undefined && last.amountCents === payment.amountCents) {
      last.count += 1;
      last.lastDueMonth = payment.dueMonth;
    } else {
      runs.push({
        count: 1,
        amountCents: payment.amountCents,
        firstDueMonth: payment.dueMonth,
        lastDueMonth: payment.dueMonth,
      });
    }
  }
  return runs;
}

export function truthInLending(offer: TTruthInLendingOffer): TTruthInLending {
  const totalOfPaymentsCents = offer.paymentSchedule.reduce(
    (sum, payment) => sum + payment.amountCents,
    0,
  );
  const financeChargeCents = totalOfPaymentsCents - offer.drawAmountCents;
  return {
    annualPercentageRatePct: offer.annualPercentageRatePct,
    financeChargeCents,
    amountFinancedCents: offer.drawAmountCents,
    totalOfPaymentsCents,
    prepaidFinanceChargeCents: offer.originationFeeAmountCents,
    interestCents: financeChargeCents - offer.originationFeeAmountCents,
    termMonths: offer.termMonths,
    paymentRuns: paymentRuns(offer.paymentSchedule),
  };
}

/** The figures as shown: the APR as every rate ("9.823%"), dollars with cents. */
export function truthInLendingValues(
  figures: TTruthInLending,
): Record<keyof typeof TRUTH_IN_LENDING_TERMS, string> {
  return {
    apr: formatRatePct(figures.annualPercentageRatePct),
    financeCharge: formatUsd(figures.financeChargeCents),
    amountFinanced: formatUsd(figures.amountFinancedCents),
    totalOfPayments: formatUsd(figures.totalOfPaymentsCents),
  };
}

/** "11 monthly payments of $150.36 (months 1 to 11), then 1 payment of $20,400.36 (month 12)" */
export function paymentScheduleSummary(runs: readonly TPaymentRun[]): string {
  return runs
    .map((run) => {
      const what =
        run.count === 1
          ? `1 payment of ${formatUsd(run.amountCents)}`
          : `${run.count} monthly payments of ${formatUsd(run.amountCents)}`;
      const when =
        run.count === 1
          ? `month ${run.firstDueMonth}`
          : `months ${run.firstDueMonth} to ${run.lastDueMonth}`;
      return `${what} (${when})`;
    })
    .join(', then ');
}

/**
 * The cost in plain words: "You receive $20,000.00 and pay back $21,804.32 over 12 months: $1,804.32
 * of interest and fees, of which $250.00 is the origination fee."
 */
export function totalCostSentence(figures: TTruthInLending): string {
  const fee =
    figures.prepaidFinanceChargeCents === 0
      ? 'with no origination fee'
      : `of which ${formatUsd(figures.prepaidFinanceChargeCents)} is the origination fee`;
  return `You receive ${formatUsd(figures.amountFinancedCents)} and pay back ${formatUsd(figures.totalOfPaymentsCents)} over ${figures.termMonths} months: ${formatUsd(figures.financeChargeCents)} of interest and fees, ${fee}.`;
}
