import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  TGetOpsRiskQueueResponse,
  TOpsLiquidationOrder,
  TOpsMaturedLoan,
  TOpsRiskLoan,
  TPriceObservation,
} from '@pledge/contract';
import { formatUsd, type TRiskLevel } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { formatLtv } from '../../loan/loan-view.js';
import { useOpsRiskQueue } from '../api/ops-risk.js';
import { formatCoin, formatDateTime, shortId } from '../format.js';
import { OpsSection } from './ops-facts.js';
import { RecordFillDialog } from './ops-risk-fill-dialog.js';
import { OpsTable, type TOpsTableColumn } from './ops-table.js';
import { OpsQueryStatus } from './ops-query-status.js';

export const RISK_LEVEL_WORDS: Readonly<Record<TRiskLevel, string>> = {
  NONE: 'None',
  WARNING: 'Warning',
  COURTESY_NOTICE: 'Courtesy notice',
  MARGIN_CALL: 'Margin call',
  LIQUIDATION: 'Liquidation',
};

const LIQUIDATION_REASON_WORDS = {
  LIQUIDATION_LTV: 'Liquidation LTV reached',
  CURE_DEADLINE_PASSED: 'Cure deadline passed',
} as const;

const PRICE_SOURCE_WORDS = { MEDIAN: 'Median', SANDBOX: 'Sandbox price' } as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** "47 h 05 min left", "12 min left", or "Passed" once the deadline is behind `now`. */
export function timeLeft(deadlineIso: string, now: number): string {
  const left = Date.parse(deadlineIso) - now;
  if (Number.isNaN(left)) return '—';
  if (left <= 0) return 'Passed';
  const minutes = Math.floor(left / MINUTE_MS);
  const hours = Math.floor(left / HOUR_MS);
  if (hours === 0) return `${minutes} min left`;
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min left`;
}

/**
 * The deployment's time as the queue was read (`asOf`, the server's clock, which in a sandbox can run
 * ahead of the browser's), moved on by the browser's clock since then.
 */
export function queueNow(
  queue: TGetOpsRiskQueueResponse,
  browserNow: number,
  fetchedAt: number = browserNow,
): number {
  const asOf = Date.parse(queue.asOf);
  return Number.isNaN(asOf) ? browserNow : asOf + Math.max(0, browserNow - fetchedAt);
}

/** "Matured 2026-01-10", "31 days ago". */
export function maturedLines(loan: Pick<TOpsMaturedLoan, 'maturityDate' | 'daysPastMaturity'>) {
  const days = loan.daysPastMaturity;
  return [loan.maturityDate, days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`];
}

/** The last collection notice sent: "Day 10 notice", with when; or none yet. */
export function collectionNoticeLines(loan: Pick<TOpsMaturedLoan, 'lastCollectionNotice'>) {
  const notice = loan.lastCollectionNotice;
  if (notice === null) return ['None yet'];
  return [`Day ${notice.daysAfterMaturity} notice`, `sent ${formatDateTime(notice.sentAt)}`];
}

/** Facts of one cell, a line each. */
function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, index) => (
        <span key={line}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </>
  );
}

/** Where a stored price came from: "Median: Coinbase, Kraken", or "Sandbox price". */
function priceSource(price: TPriceObservation): string {
  const venues = price.venues.length === 0 ? '' : `: ${price.venues.join(', ')}`;
  return `${PRICE_SOURCE_WORDS[price.source]}${venues}`;
}

/** The stored price a decision used: the price, its source and venues, and when it was seen. */
export function DecisionPrice({ price }: { price: TPriceObservation | null }) {
  if (price === null) return <>—</>;
  return (
    <Lines
      lines={[
        `${formatUsd(price.priceCents)} per ${price.type}`,
        priceSource(price),
        `${formatDateTime(price.observedAt)} (price #${price.priceObservationId})`,
      ]}
    />
  );
}

function LoanLink({ loanUuid }: { loanUuid: string }) {
  return (
    <Link to={paths.opsLoan.getHref(loanUuid)} title={loanUuid} className="ops-id">
      {shortId(loanUuid)}
    </Link>
  );
}

/** The first columns of every queue table: the loan and its borrower. */
const LOAN_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Loan' },
  { header: 'Borrower', cellClassName: 'ops-break' },
];

/** A loan at risk's figures: its LTV, what it owes and the collateral held. */
const FIGURE_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'LTV' },
  { header: 'Balance' },
  { header: 'Collateral' },
];

function figureCells(loan: TOpsRiskLoan): ReactNode[] {
  return [
    loan.ltvPct === null ? null : formatLtv(loan.ltvPct),
    formatUsd(loan.balanceCents),
    formatCoin(loan.collateral),
  ];
}

/**
 * The console's risk queue: loans in margin call (nearest cure deadline first), loans in warning,
 * matured loans not repaid (with the last collection notice sent), liquidation orders waiting for
 * the desk with the fill to record, and the latest stored prices. Every row names the price its
 * decision used.
 */
export function OpsRisk() {
  const query = useOpsRiskQueue();
  const [filling, setFilling] = useState<TOpsLiquidationOrder | null>(null);

  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
        {' · '}
        <Link to={paths.opsLoans.getHref()}>Loans</Link>
      </p>
      <PageHeading>Risk queue</PageHeading>
      <OpsQueryStatus
        query={query}
        loadingText="Loading the risk queue…"
        errorTitle="The risk queue could not be loaded"
      />
      {query.isSuccess && (
        <RiskQueue
          queue={query.data}
          fetchedAt={query.dataUpdatedAt}
          isFetching={query.isFetching}
          onRefresh={() => void query.refetch()}
          onRecordFill={setFilling}
        />
      )}
      {filling !== null && <RecordFillDialog order={filling} onClose={() => setFilling(null)} />}
    </section>
  );
}

function RiskQueue({
  queue,
  fetchedAt,
  isFetching,
  onRefresh,
  onRecordFill,
}: {
  queue: TGetOpsRiskQueueResponse;
  /** When the browser received the queue: the time left counts from then. */
  fetchedAt: number;
  isFetching: boolean;
  onRefresh: () => void;
  onRecordFill: (order: TOpsLiquidationOrder) => void;
}) {
  const now = queueNow(queue, fetchedAt);
  return (
    <div aria-busy={isFetching || undefined}>
      <Button variant="secondary" isFullWidth={false} isLoading={isFetching} onClick={onRefresh}>
        Refresh
      </Button>
      <OpsSection id="risk-margin-calls" title="Margin calls">
        <OpsTable
          caption="Loans in margin call, nearest cure deadline first"
          columns={[
            ...LOAN_COLUMNS,
            ...FIGURE_COLUMNS,
            { header: 'Cure deadline' },
            { header: 'Decision price' },
          ]}
          rows={queue.marginCalls.map((loan) => ({
            key: loan.loanUuid,
            cells: [
              <LoanLink loanUuid={loan.loanUuid} />,
              loan.borrowerEmail,
              ...figureCells(loan),
              loan.cureDeadline === null ? null : (
                <Lines
                  lines={[formatDateTime(loan.cureDeadline), timeLeft(loan.cureDeadline, now)]}
                />
              ),
              <DecisionPrice price={loan.decisionPrice} />,
            ],
          }))}
          emptyText="No loan is in margin call."
        />
      </OpsSection>
      <OpsSection id="risk-warnings" title="Warnings">
        <OpsTable
          caption="Loans in warning or sent a courtesy notice, highest LTV first"
          columns={[
            ...LOAN_COLUMNS,
            { header: 'Level' },
            ...FIGURE_COLUMNS,
            { header: 'Decision price' },
          ]}
          rows={queue.warnings.map((loan) => ({
            key: loan.loanUuid,
            cells: [
              <LoanLink loanUuid={loan.loanUuid} />,
              loan.borrowerEmail,
              <Lines
                lines={[
                  RISK_LEVEL_WORDS[loan.level],
                  ...(loan.levelSince === null ? [] : [`since ${formatDateTime(loan.levelSince)}`]),
                ]}
              />,
              ...figureCells(loan),
              <DecisionPrice price={loan.decisionPrice} />,
            ],
          }))}
          emptyText="No loan is in warning."
        />
      </OpsSection>
      <OpsSection id="risk-matured" title="Matured, not repaid">
        <OpsTable
          caption="Matured loans not repaid, longest past maturity first; interest runs on at the loan's rate"
          columns={[
            ...LOAN_COLUMNS,
            { header: 'Matured' },
            { header: 'Owed today' },
            { header: 'Level' },
            { header: 'LTV' },
            { header: 'Collateral' },
            { header: 'Last notice' },
          ]}
          rows={queue.maturedUnpaid.map((loan) => ({
            key: loan.loanUuid,
            cells: [
              <LoanLink loanUuid={loan.loanUuid} />,
              loan.borrowerEmail,
              <Lines lines={maturedLines(loan)} />,
              formatUsd(loan.balanceCents),
              <Lines
                lines={[
                  RISK_LEVEL_WORDS[loan.level],
                  ...(loan.cureDeadline === null
                    ? []
                    : [`cure by ${formatDateTime(loan.cureDeadline)}`]),
                ]}
              />,
              loan.ltvPct === null ? null : formatLtv(loan.ltvPct),
              formatCoin(loan.collateral),
              <Lines lines={collectionNoticeLines(loan)} />,
            ],
          }))}
          emptyText="No matured loan is waiting to be repaid."
        />
      </OpsSection>
      <OpsSection id="risk-orders" title="Liquidation orders to execute">
        <OpsTable
          caption="Open liquidation orders, oldest first"
          columns={[
            ...LOAN_COLUMNS,
            { header: 'Ordered' },
            { header: 'LTV at decision' },
            { header: 'Coins to sell' },
            { header: 'Decision price' },
            { header: 'Action' },
          ]}
          rows={queue.openOrders.map((order) => {
            const { liquidation } = order;
            const coins = `${liquidation.coinQuantityToSell} ${liquidation.decisionPrice.type}`;
            return {
              key: liquidation.liquidationUuid,
              cells: [
                <LoanLink loanUuid={order.loanUuid} />,
                order.borrowerEmail,
                <Lines
                  lines={[
                    formatDateTime(liquidation.createdAt),
                    LIQUIDATION_REASON_WORDS[liquidation.reason],
                  ]}
                />,
                formatLtv(liquidation.ltvAtDecisionPct),
                coins,
                <DecisionPrice price={liquidation.decisionPrice} />,
                liquidation.status === 'OPEN' ? (
                  <Button
                    isFullWidth={false}
                    aria-haspopup="dialog"
                    aria-label={`Record the fill of ${coins} for loan ${shortId(order.loanUuid)}`}
                    onClick={() => onRecordFill(order)}
                  >
                    Record fill
                  </Button>
                ) : null,
              ],
            };
          })}
          emptyText="No liquidation order is waiting."
        />
      </OpsSection>
      <OpsSection id="risk-prices" title="Recent prices">
        <OpsTable
          caption="Stored prices, newest first"
          columns={[
            { header: 'Id' },
            { header: 'Coin' },
            { header: 'Per coin' },
            { header: 'Source', cellClassName: 'ops-break' },
            { header: 'Observed' },
          ]}
          rows={queue.recentPrices.map((price) => ({
            key: price.priceObservationId,
            cells: [
              `#${price.priceObservationId}`,
              price.type,
              formatUsd(price.priceCents),
              priceSource(price),
              formatDateTime(price.observedAt),
            ],
          }))}
          emptyText="No price has been stored yet."
        />
      </OpsSection>
    </div>
  );
}
