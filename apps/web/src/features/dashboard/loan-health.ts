/**
 * A funded loan's health on the dashboard, from its loanStatus: the LTV and the level the loan page
 * shows (the server's riskLevel, the domain's loanHealthLevel on the same LTV and margin call), and
 * which loans the risk banner names.
 */
import type { TLoanStatus } from '@pledge/contract';
import { loanHealthLevel, thresholdsFromLevels, type TRiskLevel } from '@pledge/domain';

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
  // The server's level is the loan page's; a server of the release before sends none, and the
  // same domain rule gives it from the LTV and the margin call.
  const level =
    loan.riskLevel ??
    loanHealthLevel({
      ltvPct: ltv,
      thresholds: thresholdsFromLevels({
        warningLtvPct: warningLtv,
        marginCallLtvPct: marginCallLtv,
        liquidationLtvPct: liquidationLtv,
      }),
      isMarginCallOpen: status === 'MARGIN_CALL' || (loan.cureDeadline ?? null) !== null,
    });
  return level === null ? null : { ltvPct: ltv, level };
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
