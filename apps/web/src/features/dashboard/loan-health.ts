/**
 * A funded loan's health on the dashboard, from its loanStatus: the LTV and its level (the margin
 * call the server declared, or the level the server's LTV stands at), and which loans the risk
 * banner names.
 */
import type { TLoanStatus } from '@pledge/contract';
import { riskLevel, thresholdsFromLevels, type TRiskLevel } from '@pledge/domain';

export type TLoanHealthSummary = { ltvPct: number; level: TRiskLevel };

/** Loan statuses whose collateral is still at stake. */
const OPEN_STATUSES: ReadonlySet<NonNullable<TLoanStatus['status']>> = new Set([
  'ACTIVE',
  'MARGIN_CALL',
  'MATURED',
]);

/** The health of an open loan with a known LTV; null for a closed loan or one without a price. */
export function loanHealthSummary(loan: TLoanStatus): TLoanHealthSummary | null {
  const { status, ltv, warningLtv, marginCallLtv, liquidationLtv } = loan;
  if (status === undefined || !OPEN_STATUSES.has(status)) return null;
  if (
    ltv === undefined ||
    ltv === null ||
    warningLtv === undefined ||
    marginCallLtv === undefined ||
    liquidationLtv === undefined
  ) {
    return null;
  }
  const level = riskLevel(
    ltv,
    thresholdsFromLevels({
      warningLtvPct: warningLtv,
      marginCallLtvPct: marginCallLtv,
      liquidationLtvPct: liquidationLtv,
    }),
  );
  // A margin call stays one until the server says it is cured, whatever the price did since.
  if (
    status === 'MARGIN_CALL' &&
    (level === 'NONE' || level === 'WARNING' || level === 'COURTESY_NOTICE')
  ) {
    return { ltvPct: ltv, level: 'MARGIN_CALL' };
  }
  return { ltvPct: ltv, level };
}

/** The loans the dashboard's risk banner names, the most urgent first. */
export function loansAtRisk(
  loans: readonly TLoanStatus[],
): { loan: TLoanStatus; health: TLoanHealthSummary }[] {
  const order: readonly TRiskLevel[] = ['LIQUIDATION', 'MARGIN_CALL', 'COURTESY_NOTICE', 'WARNING'];
  return loans
    .map((loan) => ({ loan, health: loanHealthSummary(loan) }))
    .filter(
      (entry): entry is { loan: TLoanStatus; health: TLoanHealthSummary } =>
        entry.health !== null && entry.health.level !== 'NONE',
    )
    .sort((a, b) => order.indexOf(a.health.level) - order.indexOf(b.health.level));
}
