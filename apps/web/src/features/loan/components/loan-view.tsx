import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TServicingLoan } from '@pledge/contract';
import {
  COIN_DISPLAY_DECIMALS,
  formatCoin,
  formatRatePct,
  formatUsd,
  isUuidSegment,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert, RetryAlert } from '../../../ui/alert/alert.js';
import { buttonClassName } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { servicingLoanQuery } from '../api/get-servicing-loan.js';
import { displayDate } from '../loan-dates.js';
import { liquidationRemainderOf } from '../liquidation-remainder.js';
import { formatLtv, loanActions, LOAN_STATUS_WORDS, ltvNowWords } from '../loan-view.js';
import { CollateralProofSection } from '../../collateral-proof/components/collateral-proof-section.js';
import { LiquidationsSection } from './liquidations-section.js';
import { LoanFacts, LoanSection, type TLoanFact } from './loan-facts.js';
import { LoanHealthSection } from './loan-health-panel.js';
import { PaymentPanel } from './payment-panel.js';
import { PayoffPanel } from './payoff-panel.js';
import { PaymentHistorySection, ScheduleSection, StatementsSection } from './loan-records.js';
import { WireSection } from './wire-section.js';

function BackLink() {
  return (
    <p className="loan-back">
      <Link to={paths.dashboard.getHref()}>Back to your dashboard</Link>
    </p>
  );
}

/** What the loan's status means for the borrower, and where it leads. */
/** Where a loan that owes nothing more gives the address its coins go back to. */
function CollateralReleaseLink({ appUuid }: { appUuid: string }) {
  return (
    <Link
      className={buttonClassName({ isFullWidth: false })}
      to={paths.application.collateralRelease.getHref(appUuid)}
    >
      Get your collateral back
    </Link>
  );
}

function StatusNotice({ loan }: { loan: TServicingLoan }) {
  switch (loan.status) {
    case 'MATURED':
      return (
        <Alert variant="warn" title={`Your loan matured on ${displayDate(loan.maturityDate)}`}>
          <p>
            {formatUsd(loan.maturity.amountDueCents)} is due: the whole balance with its interest.
            Pay it off below to get your collateral back.
          </p>
        </Alert>
      );
    case 'PAID_OFF':
      return (
        <Alert variant="success" title="Your loan is paid off">
          <p>Give us an address and we return your collateral.</p>
          <CollateralReleaseLink appUuid={loan.appUuid} />
        </Alert>
      );
    case 'LIQUIDATED': {
      const left = liquidationRemainderOf(loan);
      if (left === null) {
        return (
          <Alert variant="info" title="Your loan was liquidated">
            <p>Your collateral was sold to repay the loan.</p>
          </Alert>
        );
      }
      return (
        <Alert variant="info" title="Your loan was liquidated">
          <p>
            Part of your collateral was sold and repaid the whole loan: you owe nothing. The sale
            left {formatCoin(left.coinQuantity, COIN_DISPLAY_DECIMALS)} {left.type}: give us an
            address and we return it.
          </p>
          <CollateralReleaseLink appUuid={loan.appUuid} />
        </Alert>
      );
    }
    case 'RENEWED':
      return (
        <Alert variant="info" title="Your loan was renewed">
          <p>Its renewal replaced it; you find the new loan on your dashboard.</p>
        </Alert>
      );
    case 'ACTIVE':
    case 'MARGIN_CALL':
      // The loan health section says what a margin call means and counts its time down.
      return null;
  }
}

function BalanceSection({ loan }: { loan: TServicingLoan }) {
  const { balances } = loan;
  const facts: TLoanFact[] = [
    { label: 'Principal', value: formatUsd(balances.principalCents) },
    { label: 'Origination fee', value: formatUsd(balances.originationFeeCents) },
    { label: 'Accrued interest', value: formatUsd(balances.accruedInterestCents) },
    { label: 'Deferred interest', value: formatUsd(balances.deferredInterestCents) },
    ...(balances.feesCents > 0 ? [{ label: 'Fees', value: formatUsd(balances.feesCents) }] : []),
    { label: 'Total balance', value: formatUsd(balances.totalCents), isTotal: true },
  ];
  return (
    <LoanSection id="balance" title="Balance">
      <LoanFacts facts={facts} />
    </LoanSection>
  );
}

function TermsSection({ loan }: { loan: TServicingLoan }) {
  const facts: TLoanFact[] = [
    {
      label: 'Collateral',
      value: `${formatCoin(loan.collateral.coinQuantity, COIN_DISPLAY_DECIMALS)} ${loan.collateral.type}`,
    },
    { label: 'LTV now', value: ltvNowWords(loan) },
    { label: 'LTV at the start', value: formatLtv(loan.initialLtvPct) },
    { label: 'Interest rate', value: formatRatePct(loan.interestRatePct) },
    { label: 'APR', value: formatRatePct(loan.annualPercentageRatePct) },
    { label: 'Funded', value: displayDate(loan.fundedOn) },
    { label: 'Matures', value: displayDate(loan.maturityDate) },
  ];
  return (
    <LoanSection id="terms" title="Your loan">
      <LoanFacts facts={facts} />
      {loan.ltv !== null && (
        <p>
          Warning at an LTV of {formatLtv(loan.ltv.warningLtvPct)}, margin call at{' '}
          {formatLtv(loan.ltv.marginCallLtvPct)}, liquidation at{' '}
          {formatLtv(loan.ltv.liquidationLtvPct)}.
        </p>
      )}
    </LoanSection>
  );
}

/**
 * One loan's page, shown from the server's ledger. `receivedAtMs` is when the device received the
 * loan: with the server's `asOf` it gives the server's clock, on which countdowns run.
 */
export function LoanContent({
  loan,
  receivedAtMs,
}: {
  loan: TServicingLoan;
  receivedAtMs?: number;
}) {
  const actions = loanActions(loan);
  // An open loan still rests on its collateral; a closed one has no health to watch.
  const hasHealth = actions.isOpen;
  return (
    <section className="loan-page">
      <BackLink />
      <PageHeading>Your loan</PageHeading>
      <p className="loan-status">
        <span className="visually-hidden">Status: </span>
        {LOAN_STATUS_WORDS[loan.status]}
      </p>
      <StatusNotice loan={loan} />
      {hasHealth && <LoanHealthSection loan={loan} receivedAtMs={receivedAtMs} />}
      <LiquidationsSection loan={loan} />
      <BalanceSection loan={loan} />
      {(actions.isOpen || loan.nextPayment !== null) && <PaymentPanel loan={loan} />}
      {actions.canPayByWire && <WireSection loan={loan} />}
      {actions.canPayOff && <PayoffPanel loan={loan} />}
      <TermsSection loan={loan} />
      <CollateralProofSection appUuid={loan.appUuid} />
      <ScheduleSection loan={loan} />
      <PaymentHistorySection loan={loan} />
      <StatementsSection loan={loan} />
    </section>
  );
}

function LoanNotFound() {
  return (
    <section className="loan-page">
      <BackLink />
      <PageHeading>Loan not found</PageHeading>
      <p>We found no loan of yours at this address. Your loans are listed on your dashboard.</p>
    </section>
  );
}

/** /loans/{loanUuid}: the borrower's loan, or what stands in its place while it cannot be shown. */
export function LoanView() {
  const { loanUuid = '' } = useParams();
  const isValidId = isUuidSegment(loanUuid);
  const query = useQuery({ ...servicingLoanQuery(loanUuid), enabled: isValidId });

  if (!isValidId) return <LoanNotFound />;
  if (query.isPending) {
    return (
      <section className="loan-page">
        <BackLink />
        <p className="loading" role="status">
          Loading your loan…
        </p>
      </section>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return <LoanNotFound />;
    }
    return (
      <section className="loan-page">
        <BackLink />
        <PageHeading>Your loan</PageHeading>
        <RetryAlert title="We could not load your loan." onRetry={() => void query.refetch()} />
      </section>
    );
  }
  return <LoanContent loan={query.data} receivedAtMs={query.dataUpdatedAt} />;
}
