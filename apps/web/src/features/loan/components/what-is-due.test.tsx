/**
 * One view of what is due (issue 33, finding 6): for a loan with a missed instalment, the schedule,
 * the loan page's next payment and the dashboard card say the same, from the server's one next
 * payment: the missed month past due since its own date, the next date, the days past due; the
 * console's loan view too.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildPath,
  getLoanStatus,
  getOpsLoan,
  getServicingLoan,
  getUserApps,
  type TServicingLoan,
} from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { LOADED, SLOW } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { figureInfoHandlers, storeTestSession } from '../../session/session-test-utils.js';
import { loanCard, LOAN_UUID, servicingLoan } from '../loan-test-data.js';

const PAGE = `/account/crypto-backed-loan/loans/${LOAN_UUID}`;

/** March 11: the February instalment ($150.36, due Feb 24) unpaid, March's billed, due Mar 24. */
const NEXT_PAYMENT = {
  dueDate: '2025-03-24',
  amountCents: 28_617,
  pastDueCents: 15_036,
  pastDueSince: '2025-02-24',
  daysPastDue: 15,
};

function loanInArrears(): TServicingLoan {
  const loan = servicingLoan({ asOf: '2025-03-11T15:00:00.000Z', nextPayment: NEXT_PAYMENT });
  const [first, second] = loan.schedule;
  if (first === undefined || second === undefined) throw new Error('no schedule');
  return {
    ...loan,
    schedule: [
      { ...first, status: 'PAST_DUE', unpaidCents: 15_036 },
      { ...second, status: 'DUE', unpaidCents: 13_581 },
    ],
  };
}

beforeEach(() => {
  storeTestSession();
  const loan = loanInArrears();
  mockFetch({
    ...figureInfoHandlers(),
    [`GET ${buildPath(getServicingLoan.path, { loanUuid: LOAN_UUID })}`]: () => jsonResponse(loan),
    [`GET ${getLoanStatus.path}`]: () =>
      jsonResponse({ loans: [loanCard(loan, { nextPayment: loan.nextPayment })] }),
    [`GET ${getUserApps.path}`]: () => jsonResponse([]),
  });
});

describe('what is due, on every page', SLOW, () => {
  it('the loan page and its schedule: the missed month past due since its date, 15 days', async () => {
    renderApp(PAGE);
    const next = await screen.findByRole('region', { name: 'Next payment' }, LOADED);
    expect(within(next).getByText('$286.17')).toBeInTheDocument();
    expect(within(next).getByText('Mar 24, 2025')).toBeInTheDocument();
    expect(within(next).getByText('$150.36 since Feb 24, 2025 (15 days)')).toBeInTheDocument();

    const schedule = screen.getByRole('region', { name: 'Payment schedule' });
    const [, first, second] = within(schedule).getAllByRole('row');
    // The row past due is the one whose date the past-due amount runs from; the next is due.
    expect(within(first!).getByText('Feb 24, 2025')).toBeInTheDocument();
    expect(within(first!).getByText('Past due')).toBeInTheDocument();
    expect(within(second!).getByText('Mar 24, 2025')).toBeInTheDocument();
    expect(within(second!).getByText('Due')).toBeInTheDocument();
  });

  it('the dashboard card says the same next payment and arrears', async () => {
    renderApp('/dashboard');
    const loans = await screen.findByRole('region', { name: 'Your loans' }, LOADED);
    expect(within(loans).getByText('Next payment: $286.17 due Mar 24, 2025')).toBeInTheDocument();
    expect(
      within(loans).getByText('Past due: $150.36 since Feb 24, 2025 (15 days)'),
    ).toBeInTheDocument();
  });

  it('the console’s loan view says the same arrears', async () => {
    storeTestSession('agent');
    mockFetch({
      ...figureInfoHandlers(undefined, 'agent'),
      [`GET ${buildPath(getOpsLoan.path, { loanUuid: LOAN_UUID })}`]: () =>
        jsonResponse({ borrowerEmail: 'ada@example.com', loan: loanInArrears(), ledger: [] }),
    });
    renderApp(`/ops/loans/${LOAN_UUID}`);
    const next = await screen.findByText('Next payment', {}, LOADED);
    expect(next.nextElementSibling).toHaveTextContent('$286.17 due Mar 24, 2025');
    expect(screen.getByText('Past due').nextElementSibling).toHaveTextContent(
      '$150.36 since Feb 24, 2025 (15 days)',
    );
  });
});
