import { useState } from 'react';
import type {
  TGetOpsRiskQueueResponse,
  TOpsLiquidationOrder,
  TOpsMaturedLoan,
  TOpsRiskLoan,
  TPriceObservation,
} from '@pledge/contract';
import { CURE_COUNTDOWN_TICK_MS, cureTimeLeft, formatUsd, type TRiskLevel } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Button } from '../../../ui/button/button.js';
import { formatLtv } from '../../loan/loan-view.js';
import { serverClockOffsetMs } from '../../loan/server-clock.js';
import { useServerNow } from '../../loan/use-server-now.js';
import { useOpsRiskQueue } from '../api/ops-risk.js';
import { useOpsCollateralDiscrepancies } from '../api/ops-collateral-discrepancies.js';
import { formatCoin, formatDateTime, shortId } from '../format.js';
import { OpsCollateralDiscrepancies } from './ops-collateral-discrepancies.js';
import { OpsTableSection } from './ops-facts.js';
import { OpsLoanLink } from './ops-links.js';
import { OpsPage } from './ops-page.js';
import { RecordFillDialog } from './ops-risk-fill-dialog.js';
import type { TOpsColumn } from './ops-table.js';
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

/**
 * "47 h 05 min left", "12 min left", or "Passed" once the deadline is behind `serverNow` (the
 * deployment's time, as the borrower's countdown counts it).
 */
export function timeLeft(deadlineIso: string, serverNow: number): string {
  if (Number.isNaN(Date.parse(deadlineIso))) return '—';
  const left = cureTimeLeft(deadlineIso, serverNow);
  if (left.isOver) return 'Passed';
  if (left.hours === 0) return `${left.minutes} min left`;
  return `${left.hours} h ${String(left.minutes).padStart(2, '0')} min left`;
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

/** The first columns of every queue table: the loan and its borrower. */
function loanColumns<
  TItem extends { loanUuid: string; borrowerEmail: string },
>(): readonly TOpsColumn<TItem>[] {
  return [
    { header: 'Loan', cell: (item) => <OpsLoanLink loanUuid={item.loanUuid} /> },
    { header: 'Borrower', cellClassName: 'ops-break', cell: (item) => item.borrowerEmail },
  ];
}

function byLoan(item: { loanUuid: string }): string {
  return item.loanUuid;
}

const LTV_COLUMN: TOpsColumn<{ ltvPct: number | null }> = {
  header: 'LTV',
  cell: (loan) => (loan.ltvPct === null ? null : formatLtv(loan.ltvPct)),
};

const COLLATERAL_COLUMN: TOpsColumn<Pick<TOpsRiskLoan, 'collateral'>> = {
  header: 'Collateral',
  cell: (loan) => formatCoin(loan.collateral),
};

/** A loan at risk's figures: its LTV, what it owes and the collateral held. */
const FIGURE_COLUMNS: readonly TOpsColumn<TOpsRiskLoan>[] = [
  LTV_COLUMN,
  { header: 'Balance', cell: (loan) => formatUsd(loan.balanceCents) },
  COLLATERAL_COLUMN,
];

const DECISION_PRICE_COLUMN: TOpsColumn<Pick<TOpsRiskLoan, 'decisionPrice'>> = {
  header: 'Decision price',
  cell: (loan) => <DecisionPrice price={loan.decisionPrice} />,
};

/** The level a loan is at, with since when or its cure deadline. */
function levelColumn<TItem extends { level: TRiskLevel }>(
  detail: (item: TItem) => string | null,
): TOpsColumn<TItem> {
  return {
    header: 'Level',
    cell: (item) => {
      const line = detail(item);
      return <Lines lines={[RISK_LEVEL_WORDS[item.level], ...(line === null ? [] : [line])]} />;
    },
  };
}

function marginCallColumns(now: number): readonly TOpsColumn<TOpsRiskLoan>[] {
  return [
    ...loanColumns<TOpsRiskLoan>(),
    ...FIGURE_COLUMNS,
    {
      header: 'Cure deadline',
      cell: (loan) =>
        loan.cureDeadline === null ? null : (
          <Lines lines={[formatDateTime(loan.cureDeadline), timeLeft(loan.cureDeadline, now)]} />
        ),
    },
    DECISION_PRICE_COLUMN,
  ];
}

const WARNING_COLUMNS: readonly TOpsColumn<TOpsRiskLoan>[] = [
  ...loanColumns<TOpsRiskLoan>(),
  levelColumn((loan: TOpsRiskLoan) =>
    loan.levelSince === null ? null : `since ${formatDateTime(loan.levelSince)}`,
  ),
  ...FIGURE_COLUMNS,
  DECISION_PRICE_COLUMN,
];

const MATURED_COLUMNS: readonly TOpsColumn<TOpsMaturedLoan>[] = [
  ...loanColumns<TOpsMaturedLoan>(),
  { header: 'Matured', cell: (loan) => <Lines lines={maturedLines(loan)} /> },
  { header: 'Owed today', cell: (loan) => formatUsd(loan.balanceCents) },
  levelColumn((loan: TOpsMaturedLoan) =>
    loan.cureDeadline === null ? null : `cure by ${formatDateTime(loan.cureDeadline)}`,
  ),
  LTV_COLUMN,
  COLLATERAL_COLUMN,
  { header: 'Last notice', cell: (loan) => <Lines lines={collectionNoticeLines(loan)} /> },
];

function coinsToSell({ liquidation }: TOpsLiquidationOrder): string {
  return `${liquidation.coinQuantityToSell} ${liquidation.decisionPrice.type}`;
}

function orderColumns(
  onRecordFill: (order: TOpsLiquidationOrder) => void,
): readonly TOpsColumn<TOpsLiquidationOrder>[] {
  return [
    ...loanColumns<TOpsLiquidationOrder>(),
    {
      header: 'Ordered',
      cell: ({ liquidation }) => (
        <Lines
          lines={[
            formatDateTime(liquidation.createdAt),
            LIQUIDATION_REASON_WORDS[liquidation.reason],
          ]}
        />
      ),
    },
    { header: 'LTV at decision', cell: (order) => formatLtv(order.liquidation.ltvAtDecisionPct) },
    { header: 'Coins to sell', cell: coinsToSell },
    {
      header: 'Decision price',
      cell: (order) => <DecisionPrice price={order.liquidation.decisionPrice} />,
    },
    {
      header: 'Action',
      cell: (order) =>
        order.liquidation.status === 'OPEN' ? (
          <Button
            isFullWidth={false}
            aria-haspopup="dialog"
            aria-label={`Record the fill of ${coinsToSell(order)} for loan ${shortId(order.loanUuid)}`}
            onClick={() => onRecordFill(order)}
          >
            Record fill
          </Button>
        ) : null,
    },
  ];
}

const PRICE_COLUMNS: readonly TOpsColumn<TPriceObservation>[] = [
  { header: 'Id', cell: (price) => `#${price.priceObservationId}` },
  { header: 'Coin', cell: (price) => price.type },
  { header: 'Per coin', cell: (price) => formatUsd(price.priceCents) },
  { header: 'Source', cellClassName: 'ops-break', cell: priceSource },
  { header: 'Observed', cell: (price) => formatDateTime(price.observedAt) },
];

/**
 * The console's risk queue: loans in margin call (nearest cure deadline first), loans in warning,
 * matured loans not repaid (with the last collection notice sent), liquidation orders waiting for
 * the desk with the fill to record, and the latest stored prices. Every row names the price its
 * decision used. Below them, the deposit addresses whose balance on chain is short of the ledger.
 */
export function OpsRisk() {
  const query = useOpsRiskQueue();
  // Asked for beside the queue, shown below it once the queue has answered: shown before, the
  // queue's tables arriving above it would push it down the page (a layout shift).
  useOpsCollateralDiscrepancies();
  const [filling, setFilling] = useState<TOpsLiquidationOrder | null>(null);

  return (
    <OpsPage
      heading="Risk queue"
      back={[
        { href: paths.ops.getHref(), label: 'All applications' },
        { href: paths.opsLoans.getHref(), label: 'Loans' },
      ]}
    >
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
      {!query.isPending && <OpsCollateralDiscrepancies />}
      {filling !== null && <RecordFillDialog order={filling} onClose={() => setFilling(null)} />}
    </OpsPage>
  );
}

/** The queue's tables, read once, their time left moving on each minute. */
export function RiskQueue({
  queue,
  fetchedAt,
  isFetching,
  onRefresh,
  onRecordFill,
}: {
  queue: TGetOpsRiskQueueResponse;
  /** When the browser received the queue: with the queue's `asOf`, how far its clock is off. */
  fetchedAt: number;
  isFetching: boolean;
  onRefresh: () => void;
  onRecordFill: (order: TOpsLiquidationOrder) => void;
}) {
  // The time left counts on the deployment's clock (in a sandbox it can run ahead of the
  // browser's), moving on each minute like the borrower's cure countdown.
  const now = useServerNow(serverClockOffsetMs(queue.asOf, fetchedAt), CURE_COUNTDOWN_TICK_MS);
  return (
    <div aria-busy={isFetching || undefined}>
      <Button
        variant="secondary"
        isFullWidth={false}
        isLoading={isFetching}
        className="ops-refresh"
        onClick={onRefresh}
      >
        Refresh
      </Button>
      <OpsTableSection
        id="risk-margin-calls"
        title="Margin calls"
        caption="Loans in margin call, nearest cure deadline first"
        columns={marginCallColumns(now)}
        items={queue.marginCalls}
        rowKey={byLoan}
        emptyText="No loan is in margin call."
      />
      <OpsTableSection
        id="risk-warnings"
        title="Warnings"
        caption="Loans in warning or sent a courtesy notice, highest LTV first"
        columns={WARNING_COLUMNS}
        items={queue.warnings}
        rowKey={byLoan}
        emptyText="No loan is in warning."
      />
      <OpsTableSection
        id="risk-matured"
        title="Matured, not repaid"
        caption="Matured loans not repaid, longest past maturity first; interest runs on at the loan's rate"
        columns={MATURED_COLUMNS}
        items={queue.maturedUnpaid}
        rowKey={byLoan}
        emptyText="No matured loan is waiting to be repaid."
      />
      <OpsTableSection
        id="risk-orders"
        title="Liquidation orders to execute"
        caption="Open liquidation orders, oldest first"
        columns={orderColumns(onRecordFill)}
        items={queue.openOrders}
        rowKey={(order) => order.liquidation.liquidationUuid}
        emptyText="No liquidation order is waiting."
      />
      <OpsTableSection
        id="risk-prices"
        title="Recent prices"
        caption="Stored prices, newest first"
        columns={PRICE_COLUMNS}
        items={queue.recentPrices}
        rowKey={(price) => price.priceObservationId}
        emptyText="No price has been stored yet."
      />
    </div>
  );
}
