import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildPath,
  getOpsCollateralDiscrepancies,
  getOpsRiskQueue,
  postOpsLiquidationFill,
  type TGetOpsRiskQueueResponse,
  type TLiquidation,
  type TOpsMaturedLoan,
  type TOpsRiskLoan,
  type TPriceObservation,
} from '@pledge/contract';
import { CURE_COUNTDOWN_TICK_MS } from '@pledge/domain';
import { callsTo, jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { LOADED, SLOW } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { expectProposed, makeControlledAction } from '../ops-test-data.js';
import { checkFill, FILL_MESSAGES, utcIsoOf } from './ops-risk-fill-dialog.js';
import { collectionNoticeLines, maturedLines, RiskQueue, timeLeft } from './ops-risk.js';

const MARGIN_LOAN = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const WARNING_LOAN = '2c3d4e5f-6071-4b8c-9dae-1f2a3b4c5d6e';
const LIQUIDATED_LOAN = '3d4e5f60-7182-4c9d-8ebf-2a3b4c5d6e7f';
const LIQUIDATION_UUID = '4e5f6071-8293-4dae-9fc0-3b4c5d6e7f80';
const MATURED_LOAN = '6071829a-3b4c-4d5e-8f60-7a8b9c0d1e2f';
const MATURED_IN_CALL_LOAN = '71829a3b-4c5d-4e6f-8071-8b9c0d1e2f30';

signInAgentBeforeEach();

afterEach(() => {
  vi.useRealTimers();
});

function price(overrides: Partial<TPriceObservation> = {}): TPriceObservation {
  return {
    priceObservationId: 41,
    type: 'BTC',
    priceCents: 3_300_000,
    source: 'MEDIAN',
    venues: ['Coinbase', 'Kraken', 'Bitstamp'],
    observedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function riskLoan(overrides: Partial<TOpsRiskLoan> = {}): TOpsRiskLoan {
  return {
    loanUuid: MARGIN_LOAN,
    borrowerEmail: 'ada@example.com',
    status: 'MARGIN_CALL',
    level: 'MARGIN_CALL',
    ltvPct: 81.5,
    balanceCents: 2_020_000,
    collateral: { type: 'BTC', coinQuantity: '0.75' },
    decisionPrice: price(),
    levelSince: '2025-03-01T10:00:00.000Z',
    cureDeadline: '2025-03-03T10:00:00.000Z',
    ...overrides,
  };
}

function order(overrides: Partial<TLiquidation> = {}): TLiquidation {
  return {
    liquidationUuid: LIQUIDATION_UUID,
    status: 'OPEN',
    reason: 'LIQUIDATION_LTV',
    ltvAtDecisionPct: 91.2,
    decisionPrice: price({ priceObservationId: 42, priceCents: 2_200_000 }),
    coinQuantityToSell: '0.51234567',
    fill: null,
    statementReady: false,
    createdAt: '2025-03-01T11:00:00.000Z',
    ...overrides,
  };
}

/** A matured loan not repaid, 31 days past maturity, told on day 30. */
function maturedLoan(overrides: Partial<TOpsMaturedLoan> = {}): TOpsMaturedLoan {
  return {
    loanUuid: MATURED_LOAN,
    borrowerEmail: 'barbara@example.com',
    maturityDate: '2025-01-29',
    daysPastMaturity: 31,
    balanceCents: 2_043_917,
    level: 'NONE',
    ltvPct: 61.94,
    collateral: { type: 'BTC', coinQuantity: '1.00000000' },
    cureDeadline: null,
    lastCollectionNotice: { daysAfterMaturity: 30, sentAt: '2025-02-28T06:00:00.000Z' },
    ...overrides,
  };
}

function queue(openOrders: TLiquidation[]): TGetOpsRiskQueueResponse {
  return {
    marginCalls: [
      riskLoan(),
      riskLoan({
        loanUuid: '5f607182-93a4-4ebf-8c01-4c5d6e7f8091',
        borrowerEmail: 'grace@example.com',
        cureDeadline: '2025-03-03T12:00:00.000Z',
        decisionPrice: price({ source: 'SANDBOX', venues: [] }),
      }),
    ],
    warnings: [
      riskLoan({
        loanUuid: WARNING_LOAN,
        borrowerEmail: 'alan@example.com',
        status: 'ACTIVE',
        level: 'COURTESY_NOTICE',
        ltvPct: 77.25,
        cureDeadline: null,
      }),
    ],
    maturedUnpaid: [
      maturedLoan(),
      maturedLoan({
        loanUuid: MATURED_IN_CALL_LOAN,
        borrowerEmail: 'frances@example.com',
        maturityDate: '2025-02-27',
        daysPastMaturity: 1,
        level: 'MARGIN_CALL',
        ltvPct: 82.1,
        cureDeadline: '2025-03-03T10:00:00.000Z',
        lastCollectionNotice: null,
      }),
    ],
    openOrders: openOrders.map((liquidation) => ({
      loanUuid: LIQUIDATED_LOAN,
      borrowerEmail: 'edsger@example.com',
      liquidation,
    })),
    asOf: new Date().toISOString(),
    recentPrices: [price({ priceObservationId: 43, priceCents: 3_250_000 }), price()],
  };
}

describe('matured loans in words', () => {
  it.each([
    [0, 'today'],
    [1, '1 day ago'],
    [45, '45 days ago'],
  ])('%i days past maturity read "%s"', (days, words) => {
    expect(maturedLines({ maturityDate: '2025-01-29', daysPastMaturity: days })).toEqual([
      '2025-01-29',
      words,
    ]);
  });

  it('names the last collection notice, or none yet', () => {
    expect(collectionNoticeLines({ lastCollectionNotice: null })).toEqual(['None yet']);
    expect(
      collectionNoticeLines({
        lastCollectionNotice: { daysAfterMaturity: 10, sentAt: '2025-02-08T06:00:00.000Z' },
      })[0],
    ).toBe('Day 10 notice');
  });
});

describe('the fill and the time left', () => {
  it('reads the executed time as UTC and refuses what is not a time', () => {
    expect(utcIsoOf('2025-03-01T12:30')).toBe('2025-03-01T12:30:00.000Z');
    expect(utcIsoOf('2025-03-01')).toBeNull();
    expect(utcIsoOf('2025-13-45T99:00')).toBeNull();
  });

  it('names every wrong field in the contract’s words and sends nothing', () => {
    expect(checkFill({ coinQuantitySold: '0', price: '', venue: ' ', executedAt: '' })).toEqual({
      body: null,
      errors: {
        coinQuantitySold: FILL_MESSAGES.coins,
        price: FILL_MESSAGES.price,
        venue: 'Give the venue',
        executedAt: FILL_MESSAGES.executedAt,
      },
    });
    expect(
      checkFill({
        coinQuantitySold: '0.5',
        price: '2,000,000,000',
        venue: 'Kraken',
        executedAt: '2025-03-01T12:30',
      }).errors,
    ).toEqual({ price: expect.any(String) });
  });

  it('builds the body of a correct fill, the price in cents and the venue trimmed', () => {
    expect(
      checkFill({
        coinQuantitySold: '0.51234567',
        price: '21,900.5',
        venue: '  Kraken OTC ',
        executedAt: '2025-03-01T12:00',
      }),
    ).toEqual({
      body: {
        coinQuantitySold: '0.51234567',
        priceCents: 2_190_050,
        venue: 'Kraken OTC',
        executedAt: '2025-03-01T12:00:00.000Z',
      },
      errors: null,
    });
  });

  it('counts the cure time down from the deployment’s time', () => {
    const deadline = '2025-03-03T10:00:00.000Z';
    expect(timeLeft(deadline, Date.parse('2025-03-01T10:00:00.000Z'))).toBe('48 h 00 min left');
    expect(timeLeft(deadline, Date.parse('2025-03-03T09:15:30.000Z'))).toBe('44 min left');
    expect(timeLeft(deadline, Date.parse('2025-03-03T10:00:00.000Z'))).toBe('Passed');
  });

  it('counts the time left on the deployment’s clock, moving on each minute as the borrower’s does', () => {
    // The browser's clock is two months behind the deployment's (a sandbox moved on).
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00.000Z'));
    const read = { ...queue([]), asOf: '2025-03-01T10:00:00.000Z' };
    render(
      <MemoryRouter>
        <RiskQueue
          queue={read}
          fetchedAt={Date.now()}
          isFetching={false}
          onRefresh={() => undefined}
          onRecordFill={() => undefined}
        />
      </MemoryRouter>,
    );
    const marginCalls = screen.getByRole('region', { name: 'Margin calls' });
    const [, first, second] = within(marginCalls).getAllByRole('row') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('48 h 00 min left')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('50 h 00 min left')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(CURE_COUNTDOWN_TICK_MS);
    });
    expect(within(first as HTMLElement).getByText('47 h 59 min left')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2 * 60 * CURE_COUNTDOWN_TICK_MS);
    });
    expect(within(first as HTMLElement).getByText('45 h 59 min left')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('47 h 59 min left')).toBeInTheDocument();
  });
});

describe('/ops/risk', SLOW, () => {
  it('lists margin calls with deadlines, warnings, orders and prices, each linked to its loan', async () => {
    mockAgentFetch({
      [`GET ${getOpsRiskQueue.path}`]: () => jsonResponse(queue([order()])),
    });
    renderApp('/ops/risk');
    const marginCalls = await screen.findByRole('region', { name: 'Margin calls' }, LOADED);
    const rows = within(marginCalls).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Mar 3, 2025, 10:00 UTC')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('81.50%')).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement).getByText(/Median: Coinbase, Kraken, Bitstamp/),
    ).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText(/Sandbox price/)).toBeInTheDocument();
    expect(
      within(marginCalls).getByRole('link', { name: MARGIN_LOAN.slice(0, 8) }),
    ).toHaveAttribute('href', `/ops/loans/${MARGIN_LOAN}`);

    const warnings = screen.getByRole('region', { name: 'Warnings' });
    expect(within(warnings).getByText('Courtesy notice')).toBeInTheDocument();
    expect(within(warnings).getByText('77.25%')).toBeInTheDocument();

    const orders = screen.getByRole('region', { name: 'Liquidation orders to execute' });
    expect(within(orders).getByText('Liquidation LTV reached')).toBeInTheDocument();
    expect(within(orders).getByText('0.51234567 BTC')).toBeInTheDocument();
    expect(within(orders).getByText(/\$22,000\.00 per BTC/)).toBeInTheDocument();

    const prices = screen.getByRole('region', { name: 'Recent prices' });
    expect(within(prices).getByText('#43')).toBeInTheDocument();
    expect(within(prices).getByText('$32,500.00')).toBeInTheDocument();
  });

  it('asks for the collateral discrepancies with the queue and shows them below it once it is in', async () => {
    let answerQueue: (response: Response) => void = () => undefined;
    const fetch = mockAgentFetch({
      [`GET ${getOpsRiskQueue.path}`]: () =>
        new Promise<Response>((resolve) => {
          answerQueue = resolve;
        }),
      [`GET ${getOpsCollateralDiscrepancies.path}`]: () =>
        jsonResponse({ discrepancies: [], isTruncated: false }),
    });
    renderApp('/ops/risk');
    await screen.findByText('Loading the risk queue…', undefined, LOADED);
    await waitFor(() =>
      expect(callsTo(fetch, `GET ${getOpsCollateralDiscrepancies.path}`)).toHaveLength(1),
    );
    // Answered, but not shown above a queue still loading: the queue would push it down.
    expect(
      screen.queryByRole('region', { name: 'Collateral below the ledger' }),
    ).not.toBeInTheDocument();
    act(() => answerQueue(jsonResponse(queue([]))));
    const discrepancies = await screen.findByRole(
      'region',
      { name: 'Collateral below the ledger' },
      LOADED,
    );
    const prices = screen.getByRole('region', { name: 'Recent prices' });
    expect(
      prices.compareDocumentPosition(discrepancies) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('lists matured loans not repaid: owed today, since when, their risk and the last notice', async () => {
    mockAgentFetch({
      [`GET ${getOpsRiskQueue.path}`]: () => jsonResponse(queue([])),
    });
    renderApp('/ops/risk');
    const matured = await screen.findByRole('region', { name: 'Matured, not repaid' }, LOADED);
    const rows = within(matured).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByRole('link', { name: MATURED_LOAN.slice(0, 8) })).toHaveAttribute(
      'href',
      `/ops/loans/${MATURED_LOAN}`,
    );
    expect(first.getByText('barbara@example.com')).toBeInTheDocument();
    expect(first.getByText('31 days ago')).toBeInTheDocument();
    expect(first.getByText('$20,439.17')).toBeInTheDocument();
    expect(first.getByText('Day 30 notice')).toBeInTheDocument();
    expect(first.getByText('61.94%')).toBeInTheDocument();
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('1 day ago')).toBeInTheDocument();
    expect(second.getByText('Margin call')).toBeInTheDocument();
    expect(second.getByText('cure by Mar 3, 2025, 10:00 UTC')).toBeInTheDocument();
    expect(second.getByText('None yet')).toBeInTheDocument();
  });

  it('says so when no matured loan waits, also for a server that sends no such list', async () => {
    const { maturedUnpaid: _left, ...older } = queue([]);
    mockAgentFetch({
      [`GET ${getOpsRiskQueue.path}`]: () => jsonResponse(older),
    });
    renderApp('/ops/risk');
    const matured = await screen.findByRole('region', { name: 'Matured, not repaid' }, LOADED);
    expect(
      within(matured).getByText('No matured loan is waiting to be repaid.'),
    ).toBeInTheDocument();
  });

  it('proposes a fill once after the agent confirms it, shows a refusal, and leaves the order open', async () => {
    const orders = [order()];
    const sent: { key: string | null; body: unknown }[] = [];
    let refuseNext = true;
    mockAgentFetch({
      [`GET ${getOpsRiskQueue.path}`]: () => jsonResponse(queue(orders)),
      [`POST ${buildPath(postOpsLiquidationFill.path, { liquidationUuid: LIQUIDATION_UUID })}`]: (
        _url,
        init,
      ) => {
        sent.push({
          key: new Headers(init.headers).get('Idempotency-Key'),
          body: sentBody(init),
        });
        if (refuseNext) {
          refuseNext = false;
          return jsonResponse(
            { code: 'VALIDATION_ERROR', message: 'The fill sells more coins than the collateral' },
            400,
          );
        }
        return jsonResponse(
          makeControlledAction({
            action: 'LIQUIDATION_FILL',
            label: 'Liquidation fill',
            amountCents: null,
            summary: 'Fill of 0.51234567 BTC at 21,900.00 USD on Kraken OTC',
          }),
          202,
        );
      },
    });
    const { user } = renderApp('/ops/risk');
    await user.click(await screen.findByRole('button', { name: /^Record the fill of/ }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Record the fill' });
    // The planned coins are offered; nothing is sent while a field is missing.
    expect(within(dialog).getByRole('textbox', { name: /Coins sold/ })).toHaveValue('0.51234567');
    await user.click(within(dialog).getByRole('button', { name: 'Propose fill' }));
    expect(within(dialog).getByText(FILL_MESSAGES.price)).toBeInTheDocument();
    expect(within(dialog).getByText('Give the venue')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Price per coin/ }), '21,900');
    await user.type(within(dialog).getByRole('textbox', { name: /Venue/ }), 'Kraken OTC');
    await user.type(within(dialog).getByLabelText(/Executed at/), '2025-03-01T12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Propose fill' }));
    expect(
      await within(dialog).findByText('The fill sells more coins than the collateral'),
    ).toBeInTheDocument();

    await user.dblClick(within(dialog).getByRole('button', { name: 'Propose fill' }));
    await expectProposed(dialog, 'Fill of 0.51234567 BTC at 21,900.00 USD on Kraken OTC');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // Nothing is filled until a second agent approves: the order still waits.
    const section = screen.getByRole('region', { name: 'Liquidation orders to execute' });
    expect(within(section).getByRole('button', { name: /^Record the fill of/ })).toBeVisible();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({
      coinQuantitySold: '0.51234567',
      priceCents: 2_190_000,
      venue: 'Kraken OTC',
      executedAt: '2025-03-01T12:00:00.000Z',
    });
    // One key for the dialog: the retry after the refusal carries the same one.
    expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });
});
