import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  getRefiCoinReturns,
  getRefiEstatePayoffs,
  getRefiTapeLoans,
  postConfirmRefiEstatePayoff,
  postRefiCoinReturn,
  postRefiTapeImport,
  postRefiTapeLoanBorrower,
  postRefiTapePreview,
  type TRefiCoinReturnItem,
  type TRefiEstatePayoff,
  type TRefiTapeLoan,
  type TRefiTapeSummary,
} from '@pledge/contract';
import { ApiError } from '../../../api/api-error.js';
import { jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { LOADED } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { answerProposal, expectProposed, makeControlledAction } from '../ops-test-data.js';
import { payoffStatusText } from './refi-estate-payoffs.js';
import { coinReturnStatusText } from './refi-coin-returns.js';
import { emptyTapeMessage, importRowErrors, tapeSummaryText } from './refi-tape-import.js';
import { OVERRIDE_TAPE_EMAIL_LABEL } from './refi-tape-loans.js';

const PAYOFF_UUID = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';
const APP_UUID = '9d0e1f2a-3b4c-4d5e-9f6a-7b8c9d0e1f2a';

function tapeLoan(overrides: Partial<TRefiTapeLoan> = {}): TRefiTapeLoan {
  return {
    loanId: 'CEL-1',
    borrowerEmail: 'old@example.com',
    matchedIdentityUuid: null,
    collateralType: 'BTC',
    collateralQuantity: '1.5',
    principalOutstanding: 20000,
    jurisdiction: 'US-OH',
    passportOnFile: true,
    custodyArrangement: 'CUSTODY',
    status: 'OPEN',
    source: 'IMPORT',
    appUuid: null,
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

function summary(overrides: Partial<TRefiTapeSummary> = {}): TRefiTapeSummary {
  return {
    fileSha256: 'ab'.repeat(32),
    rowCount: 2,
    inserted: 1,
    updated: 1,
    unchanged: 0,
    locked: 0,
    ...overrides,
  };
}

function payoff(overrides: Partial<TRefiEstatePayoff> = {}): TRefiEstatePayoff {
  return {
    uuid: PAYOFF_UUID,
    appUuid: APP_UUID,
    celsiusLoanIds: ['100001'],
    amount: 20000,
    status: 'OWED',
    createdAt: '2025-03-01T12:00:00.000Z',
    confirmedAt: null,
    confirmedBy: null,
    reference: null,
    note: null,
    ...overrides,
  };
}

signInAgentBeforeEach();

describe('console refinancing helpers', () => {
  it('sums up a tape', () => {
    expect(tapeSummaryText(summary())).toBe('2 rows: 1 new, 1 updated, 0 unchanged');
    expect(tapeSummaryText(summary({ rowCount: 1, locked: 1 }))).toBe(
      '1 row: 1 new, 1 updated, 0 unchanged, 1 locked by a refinancing',
    );
  });

  it('reads the row errors of a refused import', () => {
    const error = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      message: 'The tape has problems',
      body: null,
      apiError: {
        code: 'REFI_TAPE_INVALID',
        message: 'The tape has problems',
        fieldErrors: { 'line.3': ['Use true or false'], csv: ['ignored'] },
      },
    });
    expect(importRowErrors(error)).toEqual([
      { line: 3, column: null, message: 'Use true or false' },
    ]);
    expect(importRowErrors(new Error('no'))).toEqual([]);
  });

  it('says who confirmed a payoff and with which reference', () => {
    expect(payoffStatusText(payoff())).toBe('Owed');
    expect(
      payoffStatusText(
        payoff({
          status: 'CONFIRMED',
          confirmedAt: '2025-03-02T10:00:00.000Z',
          confirmedBy: 'agent@example.com',
          reference: 'WIRE-1',
        }),
      ),
    ).toBe('Paid Mar 2, 2025, 10:00 UTC by agent@example.com (ref WIRE-1)');
  });
});

function coinReturn(overrides: Partial<TRefiCoinReturnItem> = {}): TRefiCoinReturnItem {
  return {
    appUuid: APP_UUID,
    celsiusLoanIds: ['100002'],
    createdAt: '2025-03-15T12:00:00.000Z',
    status: 'REQUESTED',
    confirmed: { coinQuantity: '0.5', type: 'ETH' },
    confirming: { coinQuantity: '0', type: 'ETH' },
    returnAddress: '0xabababababababababababababababababababab',
    requestedAt: '2025-03-16T12:00:00.000Z',
    returned: null,
    returnedAt: null,
    returnedBy: null,
    transactionHash: null,
    carriedToAppUuid: null,
    ...overrides,
  };
}

describe('the coins of ended refinancings and empty tapes (issue 34, findings 7 and 8)', () => {
  it('says where each ended refinancing’s coins go', () => {
    expect(coinReturnStatusText(coinReturn({ status: 'AWAITING_ADDRESS' }))).toBe(
      'Waiting for the borrower’s address',
    );
    expect(coinReturnStatusText(coinReturn())).toBe(
      'To return to 0xabababababababababababababababababababab',
    );
    expect(
      coinReturnStatusText(
        coinReturn({
          status: 'RETURNED',
          returnedAt: '2025-03-17T10:00:00.000Z',
          returnedBy: 'checker@example.com',
          transactionHash: '0xfeed',
        }),
      ),
    ).toBe(
      'Returned Mar 17, 2025, 10:00 UTC to 0xabababababababababababababababababababab by checker@example.com (tx 0xfeed)',
    );
  });

  it('says why an empty tape cannot be checked', () => {
    expect(emptyTapeMessage(null)).toBe('Choose a tape file or paste the CSV first.');
    expect(emptyTapeMessage('tape.csv')).toBe(
      'tape.csv is empty. Choose the tape file again, or paste the CSV.',
    );
  });
});

/** The refinancing page's three lists, each answered as one page of its items (none unless given). */
function refinancingLists({
  tape = [],
  payoffs = [],
  coins = [],
}: {
  tape?: TRefiTapeLoan[];
  payoffs?: TRefiEstatePayoff[];
  coins?: TRefiCoinReturnItem[];
}) {
  const page = (items: readonly unknown[]) => () => jsonResponse({ items, nextCursor: null });
  return {
    [`GET ${getRefiTapeLoans.path}`]: page(tape),
    [`GET ${getRefiEstatePayoffs.path}`]: page(payoffs),
    [`GET ${getRefiCoinReturns.path}`]: page(coins),
  };
}

describe('/ops/refinancing', { timeout: 40_000 }, () => {
  it('lists the coins of ended refinancings and proposes a return with its transaction', async () => {
    const proposed: unknown[] = [];
    mockAgentFetch({
      ...refinancingLists({ coins: [coinReturn()] }),
      [`POST ${buildPath(postRefiCoinReturn.path, { appUuid: APP_UUID })}`]: answerProposal(
        proposed,
        {
          action: 'REFI_COIN_RETURN',
          label: 'Return of refinancing coins',
          amountCents: null,
          summary: 'Return 0.5 ETH',
        },
      ),
    });
    const { user } = renderApp('/ops/refinancing');
    const table = await screen.findByRole('table', { name: 'Coins of ended refinancings' }, LOADED);
    expect(within(table).getByText('0.5 ETH')).toBeVisible();
    // An empty check says why instead of doing nothing.
    await user.click(screen.getByRole('button', { name: 'Check the tape' }));
    expect(await screen.findByText('Choose a tape file or paste the CSV first.')).toBeVisible();

    await user.click(within(table).getByRole('button', { name: /Record return/ }));
    const dialog = await screen.findByRole('dialog', { name: /Record the return of 0\.5 ETH/ });
    await user.click(within(dialog).getByRole('button', { name: 'Propose the return' }));
    expect(await within(dialog).findByText('Give the transaction of the return')).toBeVisible();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Transaction of the return/ }),
      '0xfeed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Propose the return' }));
    await expectProposed(dialog);
    expect(proposed).toEqual([{ transactionHash: '0xfeed' }]);
  });

  it('previews a tape with its bad rows, proposes a good one and a payoff confirmation', async () => {
    const imported: unknown[] = [];
    const confirmed: unknown[] = [];
    mockAgentFetch({
      ...refinancingLists({ payoffs: [payoff()] }),
      [`POST ${postRefiTapePreview.path}`]: (_url, init) => {
        const csv = String(init.body);
        return jsonResponse(
          csv.includes('DOGE')
            ? {
                errors: [{ line: 3, column: 'collateral_type', message: 'Use BTC or ETH' }],
                summary: summary(),
              }
            : { errors: [], summary: summary({ rowCount: 1, updated: 0 }) },
        );
      },
      [`POST ${postRefiTapeImport.path}`]: (_url, init) => {
        imported.push(String(init.body));
        return jsonResponse(
          makeControlledAction({
            action: 'TAPE_IMPORT',
            label: 'Loan tape import',
            amountCents: null,
            summary: 'Import a tape of 1 row: 1 new',
          }),
          202,
        );
      },
      [`POST ${buildPath(postConfirmRefiEstatePayoff.path, { payoffUuid: PAYOFF_UUID })}`]:
        answerProposal(confirmed, {
          action: 'ESTATE_PAYOFF',
          label: 'Estate payoff',
          amountCents: 2_000_000,
          summary: 'Estate payoff of 20,000.00 USD, ref WIRE-1',
        }),
    });
    const { user } = renderApp('/ops/refinancing');
    const csv = await screen.findByRole('textbox', { name: 'Or paste the CSV' }, LOADED);
    await user.click(csv);
    await user.paste('header\nA,a@example.com,BTC\nB,b@example.com,DOGE');
    await user.click(screen.getByRole('button', { name: 'Check the tape' }));
    const problems = await screen.findByRole('table', { name: 'Rows with problems' });
    expect(within(problems).getByText('Use BTC or ETH')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Import the tape' })).toBeNull();

    await user.clear(csv);
    await user.paste('header\nA,a@example.com,BTC');
    await user.click(screen.getByRole('button', { name: 'Check the tape' }));
    await user.click(await screen.findByRole('button', { name: 'Import the tape' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import this tape?' });
    await user.click(within(dialog).getByRole('button', { name: 'Propose import' }));
    await waitFor(() => expect(imported).toEqual(['header\nA,a@example.com,BTC']));
    await expectProposed(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // The page keeps saying it waits for a second agent; it never says the tape was imported.
    expect(screen.getByText('Import a tape of 1 row: 1 new')).toBeVisible();
    expect(screen.queryByText(/^Imported/)).toBeNull();

    await user.click(screen.getByRole('button', { name: /Confirm payoff/ }));
    const confirm = await screen.findByRole('dialog', {
      name: /Confirm the payoff of \$20,000\.00/,
    });
    await user.click(within(confirm).getByRole('button', { name: 'Propose confirmation' }));
    expect(await within(confirm).findByText('Give the payment reference')).toBeVisible();
    await user.type(within(confirm).getByRole('textbox', { name: /Payment reference/ }), 'WIRE-1');
    await user.click(within(confirm).getByRole('button', { name: 'Propose confirmation' }));
    await waitFor(() => expect(confirmed).toEqual([{ reference: 'WIRE-1' }]));
    await expectProposed(confirm, 'Estate payoff of 20,000.00 USD, ref WIRE-1');
  });

  it('proposes reassigning a legacy loan only with a reason, with the e-mail override', async () => {
    const sent: unknown[] = [];
    let refuseNext = true;
    mockAgentFetch({
      ...refinancingLists({ tape: [tapeLoan()] }),
      [`POST ${buildPath(postRefiTapeLoanBorrower.path, { loanId: 'CEL-1' })}`]: (_url, init) => {
        sent.push(sentBody(init));
        if (refuseNext) {
          refuseNext = false;
          return jsonResponse(
            {
              code: 'VALIDATION_ERROR',
              message: 'new@example.com is not the tape’s e-mail: give the override',
            },
            400,
          );
        }
        return jsonResponse(
          makeControlledAction({
            action: 'TAPE_REASSIGN',
            label: 'Legacy loan reassignment',
            amountCents: null,
            summary: 'Give CEL-1 to new@example.com',
          }),
          202,
        );
      },
    });
    const { user } = renderApp('/ops/refinancing');
    await user.click(await screen.findByRole('button', { name: 'Reassign loan CEL-1' }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Reassign Celsius loan CEL-1?' });
    const email = within(dialog).getByRole('textbox', { name: /Borrower’s e-mail/ });
    expect(email).toHaveValue('old@example.com');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Propose reassignment' }));
    expect(within(dialog).getByText('Give a reason')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Estate letter 12');
    await user.click(within(dialog).getByRole('button', { name: 'Propose reassignment' }));
    expect(
      await within(dialog).findByText(
        'new@example.com is not the tape’s e-mail: give the override',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: OVERRIDE_TAPE_EMAIL_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Propose reassignment' }));
    await expectProposed(dialog);
    expect(sent).toEqual([
      { borrowerEmail: 'new@example.com', reason: 'Estate letter 12' },
      { borrowerEmail: 'new@example.com', reason: 'Estate letter 12', overrideTapeEmail: true },
    ]);
  });
});
