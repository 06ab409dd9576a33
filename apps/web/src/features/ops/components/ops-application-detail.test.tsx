import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  buildPath,
  getOpsApplication,
  getOpsIdentityDocument,
  getOpsLoan,
  postOpsApproveHolderName,
  postOpsApproveProposal,
  postOpsProposePayoff,
  postOpsProposeReleaseFunds,
  postOpsRejectIdentity,
  type TGetOpsLoanResponse,
  type TOpsApplicationDetail,
  type TOpsProposal,
} from '@pledge/contract';
import { jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { mockAgentFetch } from '../ops-test-session.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { makeApplication } from '../../application/application-test-data.js';
import { servicingLoan } from '../../loan/loan-test-data.js';
import { storeTestSession, TEST_IDENTITY } from '../../session/session-test-utils.js';
import {
  makeDetail,
  makeHolderNameReview,
  SIGNED_SHA256,
  TEST_APP_UUID,
  TEST_ID_DOCUMENT_UUID,
} from '../ops-test-data.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const PAGE = `/ops/applications/${TEST_APP_UUID}`;
const params = { appUuid: TEST_APP_UUID };
const DETAIL = `GET ${buildPath(getOpsApplication.path, params)}`;
// A loan is identified by its application.
const LOAN = `GET ${buildPath(getOpsLoan.path, { loanUuid: TEST_APP_UUID })}`;

/** The console's view of the application's loan, owing $20,350.36 by its ledger. */
function opsLoan(): TGetOpsLoanResponse {
  return {
    borrowerEmail: 'ada@example.com',
    loan: servicingLoan({ loanUuid: TEST_APP_UUID, appUuid: TEST_APP_UUID }),
    ledger: [],
  };
}

let agentToken: string;
beforeEach(() => {
  agentToken = storeTestSession('agent');
});

function serve(
  detail: () => TOpsApplicationDetail,
  more: Record<string, (url: URL, init: RequestInit) => Response | Promise<Response>> = {},
) {
  return mockAgentFetch({
    [DETAIL]: () => jsonResponse(detail()),
    ...more,
  });
}

async function showDetail() {
  const view = renderApp(PAGE);
  await findPageHeading('Application 5f0c2b9e');
  return view;
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** An application whose loan funds wait for an agent's release. */
function awaitingRelease() {
  return makeApplication({ state: 'MANUAL_FUNDING_RELEASE', stage: 'ORIGINATING' });
}

/** An application whose loan is active. */
function activeLoan() {
  return makeApplication({ state: 'COMPLETE', stage: 'FINAL' });
}

const PAYOFF_DIALOG = 'Propose recording the loan as paid off?';

/** Opens an action of the Actions section: its confirmation, titled `dialogName`. */
async function openAction(user: UserEvent, name: string, dialogName: string) {
  await user.click(within(section('Actions')).getByRole('button', { name }));
  return screen.getByRole('dialog', { name: dialogName });
}

/** Types a payoff by wire FED-1 of `amount`, paid on 2025-03-01. */
async function typeWirePayoff(user: UserEvent, dialog: HTMLElement, amount: string) {
  await user.selectOptions(
    within(dialog).getByRole('combobox', { name: /Payment method/ }),
    'Wire',
  );
  await user.type(within(dialog).getByRole('textbox', { name: /Payment reference/ }), 'FED-1');
  await user.type(within(dialog).getByRole('textbox', { name: /Amount received/ }), amount);
  await user.type(within(dialog).getByLabelText(/Paid on/), '2025-03-01');
}

/** The call to the address matching `isCall` carried the agent's session. */
function expectSentByTheAgent(
  fetchMock: ReturnType<typeof mockAgentFetch>,
  isCall: (url: string) => boolean,
) {
  const call = fetchMock.mock.calls.find(([url]) => isCall(String(url)));
  expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe(`Bearer ${agentToken}`);
}

const SELF = { identityUuid: TEST_IDENTITY.uuid, email: TEST_IDENTITY.email };
const OTHER_AGENT = {
  identityUuid: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  email: 'agent2@example.com',
};

function proposal(overrides: Partial<TOpsProposal> = {}): TOpsProposal {
  return {
    id: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
    kind: 'RELEASE_FUNDS',
    status: 'PENDING',
    proposedBy: OTHER_AGENT,
    proposedAt: '2025-01-03T10:00:00.000Z',
    reference: 'ACH-77',
    note: null,
    payoff: null,
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

function detailCalls(fetchMock: ReturnType<typeof mockAgentFetch>): number {
  return fetchMock.mock.calls.filter(
    ([url, init]) =>
      String(url) === buildPath(getOpsApplication.path, params) &&
      (init?.method ?? 'GET') === 'GET',
  ).length;
}

describe('/ops/applications/:appUuid: the detail', () => {
  it('shows the offer, borrower, documents and signatures, payout, collateral and audit trail', async () => {
    serve(() => makeDetail());
    await showDetail();

    const offer = section('Offer');
    expect(offer).toHaveTextContent('Loan amount$10,100.00');
    expect(offer).toHaveTextContent('Interest rate8.910%');
    expect(offer).toHaveTextContent('APR9.823%');
    expect(offer).toHaveTextContent('Origination fee$100.00 (1.000%)');
    expect(offer).toHaveTextContent('Term12 months');
    expect(offer).toHaveTextContent('Collateral0.4 BTC');

    const borrower = section('Borrower');
    expect(borrower).toHaveTextContent('NameAda Lovelace');
    expect(borrower).toHaveTextContent('Emailada@example.com');
    expect(borrower).toHaveTextContent('SSN***-**-6789');
    expect(borrower).toHaveTextContent('Date of birth1990-12-10');
    expect(borrower).not.toHaveTextContent('The profile has changed');

    expect(section('Final steps')).toHaveTextContent('Verify IdentityPENDING');

    const [signed, unsigned] = within(section('Documents and signatures'))
      .getAllByRole('row')
      .slice(1);
    expect(signed).toHaveTextContent('E-Sign Consent');
    expect(signed).toHaveTextContent('Jan 2, 2025, 05:06 UTC');
    expect(signed).toHaveTextContent('203.0.113.7');
    expect(signed).toHaveTextContent('Mozilla/5.0 (Test)');
    expect(signed).toHaveTextContent(SIGNED_SHA256);
    expect(unsigned).toHaveTextContent('Loan Agreement');
    expect(unsigned).toHaveTextContent('Not signed');

    const payout = section('Disbursement account');
    expect(payout).toHaveTextContent('Account number••••6789');
    expect(payout).toHaveTextContent('Routing number021000021');

    expect(section('Collateral')).toHaveTextContent('No collateral tracked yet.');

    const [newest, oldest] = within(section('Audit trail')).getAllByRole('row').slice(1);
    expect(newest).toHaveTextContent('system:disclosures');
    expect(newest).toHaveTextContent('GEN_APP_DISCLOSURES → SIGN_DOCS');
    expect(newest).toHaveTextContent('DISCLOSURES_GENERATED');
    expect(newest).toHaveTextContent('disclosures generated');
    expect(oldest).toHaveTextContent('(new) → CREATED');

    expect(screen.getByRole('link', { name: 'All applications' })).toHaveAttribute('href', '/ops');
  });

  it('shows the documents a re-pricing voided, marked voided, with when and why', async () => {
    const reason =
      'last document signed at 4200000 cents per BTC, not recorded; 1 document(s) of the offer voided: The price moved';
    const current = makeDetail().documents;
    serve(() =>
      makeDetail({
        voidedDocuments: [
          {
            ...(current[1] as (typeof current)[number]),
            uuid: 'e6f7a8b9-3c4d-4e5f-8a1b-2c3d4e5f6071',
            sha256: 'c'.repeat(64),
            signature: {
              signedAt: '2025-01-02T04:00:00.000Z',
              ipAddress: '203.0.113.7',
              userAgent: 'Mozilla/5.0 (Test)',
              documentSha256: 'c'.repeat(64),
            },
            voidedAt: '2025-01-02T04:10:00.000Z',
            voidedReason: reason,
          },
        ],
      }),
    );
    await showDetail();
    const [voided, ...others] = within(section('Voided documents')).getAllByRole('row').slice(1);
    expect(others).toEqual([]);
    expect(voided).toHaveTextContent('Loan Agreement (voided)');
    expect(voided).toHaveTextContent('Jan 2, 2025, 04:10 UTC');
    expect(voided).toHaveTextContent(reason);
    expect(voided).toHaveTextContent('Jan 2, 2025, 04:00 UTC');
    expect(voided).toHaveTextContent('c'.repeat(64));
    // The current documents stay as they are, the voided one not among them.
    const rows = within(section('Documents and signatures')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(section('Documents and signatures')).not.toHaveTextContent('voided');
  });

  it('shows no voided documents section when none was voided (an earlier server sends no list)', async () => {
    serve(() => makeDetail());
    await showDetail();
    expect(screen.queryByRole('region', { name: 'Voided documents' })).not.toBeInTheDocument();
  });

  it('says when the profile has changed since the credit pull the borrower facts are from', async () => {
    const detail = makeDetail();
    serve(() => ({ ...detail, borrower: { ...detail.borrower, profileDiffers: true } }));
    await showDetail();

    expect(within(section('Borrower')).getByRole('note')).toHaveTextContent(
      'The profile has changed since this application’s credit pull.',
    );
  });

  it('shows the collateral wallet and its transactions', async () => {
    const application = makeApplication({
      state: 'WAITING_FOR_COLLATERAL',
      collateral: {
        requiredCoinAmount: { coinQuantity: '0.4', type: 'BTC' },
        remainingCoinAmountDue: { coinQuantity: '0.1', type: 'BTC' },
        collateralPrice: { type: 'BTC', valueOfOne: 60000, priceAsOf: '2025-01-02T06:00:00.000Z' },
        wallet: {
          depositAddress: 'bc1qtestdepositaddress',
          currentTotalCoinBalance: { coinQuantity: '0.3', type: 'BTC' },
          transactions: [
            {
              transactionTime: '2025-01-02T07:00:00.000Z',
              transactionType: 'DEPOSIT',
              transactionAmount: '0.3',
              transactionHash: 'f00d',
              confirmed: true,
            },
          ],
        },
        walletSourceType: 'SELF_HOSTED',
        borrowerConfirmedAt: null,
        microDepositVerify: null,
        collateralReleaseRequest: null,
        collateralReleaseResponses: [],
      },
    });
    serve(() => makeDetail({ application }));
    await showDetail();
    const collateral = section('Collateral');
    expect(collateral).toHaveTextContent('Deposit addressbc1qtestdepositaddress');
    expect(collateral).toHaveTextContent('Required0.4 BTC');
    expect(collateral).toHaveTextContent('Received0.3 BTC');
    const [deposit] = within(collateral).getAllByRole('row').slice(1);
    expect(deposit).toHaveTextContent('DEPOSIT');
    expect(deposit).toHaveTextContent('0.3 BTC');
    expect(deposit).toHaveTextContent('f00d');
  });

  it('offers the actions the state machine allows, and disables the others with a reason', async () => {
    serve(() => makeDetail());
    await showDetail();
    const actions = section('Actions');
    for (const name of ['Approve ID', 'Reject ID', 'Cancel application', 'Decline application']) {
      expect(within(actions).getByRole('button', { name })).toBeEnabled();
    }
    const release = within(actions).getByRole('button', { name: 'Propose release' });
    expect(release).toBeDisabled();
    expect(release).toHaveAccessibleDescription(
      'Funds can be released only once the application awaits release.',
    );
  });

  it('rejects the ID with a reason, then shows the new detail and a success toast', async () => {
    let current = makeDetail();
    const rejected = makeDetail({
      identityDocuments: current.identityDocuments.map((document) => ({
        ...document,
        reviewStatus: 'REJECTED' as const,
        reviewReason: 'Too blurry',
      })),
    });
    const bodies: unknown[] = [];
    const fetchMock = serve(() => current, {
      [`POST ${buildPath(postOpsRejectIdentity.path, params)}`]: (_url, init) => {
        bodies.push(sentBody(init));
        current = rejected;
        return jsonResponse(rejected);
      },
    });
    const { user } = await showDetail();
    const before = detailCalls(fetchMock);

    const dialog = await openAction(user, 'Reject ID', 'Reject the uploaded ID?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject ID' }));
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      expect.stringContaining('Give a reason'),
    );
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' Too blurry ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject ID' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Too blurry' }]));
    expectSentByTheAgent(fetchMock, (url) => url.endsWith('/identity/reject'));

    expect(await screen.findByText('ID rejected', {}, LOADED)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(section('Identity documents')).toHaveTextContent('REJECTED: Too blurry');
    await waitFor(() => expect(detailCalls(fetchMock)).toBeGreaterThan(before));
    expect(within(section('Actions')).getByRole('button', { name: 'Reject ID' })).toBeDisabled();
  });

  it('proposes a release with its reference, and shows the server’s refusal', async () => {
    const bodies: unknown[] = [];
    serve(() => makeDetail({ application: awaitingRelease() }), {
      [`POST ${buildPath(postOpsProposeReleaseFunds.path, params)}`]: (_url, init) => {
        bodies.push(sentBody(init));
        return jsonResponse(
          {
            code: 'CANNOT_RELEASE_FUNDS',
            message: 'Funds are released only once the application awaits release.',
          },
          409,
        );
      },
    });
    const { user } = await showDetail();
    const release = within(section('Actions')).getByRole('button', { name: 'Propose release' });
    expect(release).toBeEnabled();
    await user.click(release);
    const dialog = screen.getByRole('dialog', { name: 'Propose releasing the loan funds?' });
    await user.click(within(dialog).getByRole('button', { name: 'Propose release' }));
    expect(
      within(dialog).getByRole('textbox', { name: /Transfer reference/ }),
    ).toHaveAccessibleDescription(expect.stringContaining('Give the transfer reference'));
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Transfer reference/ }), 'ACH-77');
    await user.click(within(dialog).getByRole('button', { name: 'Propose release' }));
    const alert = await within(dialog).findByRole('alert');
    expect(bodies).toEqual([{ reference: 'ACH-77' }]);
    expect(alert).toHaveTextContent('Propose release failed');
    expect(alert).toHaveTextContent('Funds are released only once the application awaits release.');

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('proposes a payoff of an active loan with its evidence, then a success toast', async () => {
    const active = activeLoan();
    let current = makeDetail({ application: active });
    const bodies: unknown[] = [];
    const fetchMock = serve(() => current, {
      [LOAN]: () => jsonResponse(opsLoan()),
      [`POST ${buildPath(postOpsProposePayoff.path, params)}`]: (_url, init) => {
        bodies.push(sentBody(init));
        current = makeDetail({
          application: active,
          proposals: [proposal({ kind: 'RECORD_PAYOFF', proposedBy: OTHER_AGENT })],
        });
        return jsonResponse(current);
      },
    });
    const { user } = await showDetail();
    const record = within(section('Actions')).getByRole('button', { name: 'Propose payoff' });
    expect(record).toBeEnabled();

    await user.click(record);
    const dialog = screen.getByRole('dialog', { name: PAYOFF_DIALOG });
    const select = within(dialog).getByRole('combobox', { name: /Payment method/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a method', 'ACH', 'Wire']);
    // The ledger's figure is shown for the agent to compare, never typed in for them.
    expect(
      await within(dialog).findByText('Owed today by the ledger: $20,350.36', {}, LOADED),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('A payoff is recorded only for exactly this amount.');
    expect(within(dialog).getByRole('link', { name: 'loan’s page' })).toHaveAttribute(
      'href',
      `/ops/loans/${TEST_APP_UUID}`,
    );
    expect(within(dialog).getByRole('textbox', { name: /Amount received/ })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Propose payoff' }));
    expect(select).toHaveAccessibleDescription(expect.stringContaining('Choose a payment method'));
    expect(bodies).toEqual([]);

    await typeWirePayoff(user, dialog, '20,150.25');
    await user.click(within(dialog).getByRole('button', { name: 'Propose payoff' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { method: 'WIRE', reference: 'FED-1', amount: 20150.25, paidOn: '2025-03-01' },
      ]),
    );
    expectSentByTheAgent(fetchMock, (url) => url.endsWith('/payoff/proposals'));
    expect(await screen.findByText('Payoff proposed', {}, LOADED)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(section('Actions')).getByRole('button', { name: 'Propose payoff' }),
      ).toHaveAccessibleDescription('A proposal is already waiting for approval.'),
    );
  });

  it('shows the server’s refusal of a payoff that is not the ledger’s figure, as it is', async () => {
    const refusal =
      "The ledger's payoff figure today is 20350.36 USD: a payoff is recorded for exactly that amount. Record a smaller amount as a wire payment.";
    serve(() => makeDetail({ application: activeLoan() }), {
      [LOAN]: () => jsonResponse(opsLoan()),
      [`POST ${buildPath(postOpsProposePayoff.path, params)}`]: () =>
        jsonResponse({ code: 'PAYOFF_AMOUNT_NOT_LEDGER', message: refusal }, 409),
    });
    const { user } = await showDetail();
    const dialog = await openAction(user, 'Propose payoff', PAYOFF_DIALOG);
    await typeWirePayoff(user, dialog, '20,000');
    await user.click(within(dialog).getByRole('button', { name: 'Propose payoff' }));
    const alert = await within(dialog).findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('Propose payoff failed');
    expect(alert).toHaveTextContent(refusal);
  });

  it('says while the ledger’s figure loads, and why it could not be read', async () => {
    let answerLoan: (response: Response) => void = () => {};
    let loanCalls = 0;
    serve(() => makeDetail({ application: activeLoan() }), {
      [LOAN]: () => {
        loanCalls += 1;
        return loanCalls === 1
          ? new Promise<Response>((resolve) => (answerLoan = resolve))
          : jsonResponse(opsLoan());
      },
    });
    const { user } = await showDetail();
    const dialog = await openAction(user, 'Propose payoff', PAYOFF_DIALOG);
    expect(await within(dialog).findByText('Reading what the ledger holds as owed…')).toHaveRole(
      'status',
    );
    answerLoan(jsonResponse({ code: 'NOT_FOUND', message: 'No loan for this application.' }, 404));
    const alert = await within(dialog).findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('The ledger’s figure could not be read');
    expect(alert).toHaveTextContent('No loan for this application.');

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByText('Owed today by the ledger: $20,350.36', {}, LOADED),
    ).toBeVisible();
  });

  it('offers no payoff before the loan is active', async () => {
    serve(() => makeDetail());
    await showDetail();
    const record = within(section('Actions')).getByRole('button', { name: 'Propose payoff' });
    expect(record).toBeDisabled();
    expect(record).toHaveAccessibleDescription('Only an active loan can be recorded as paid off.');
  });

  it('lets the proposer only withdraw, with the reason the approval is disabled', async () => {
    serve(() =>
      makeDetail({ application: awaitingRelease(), proposals: [proposal({ proposedBy: SELF })] }),
    );
    await showDetail();
    const approvals = section('Approvals');
    expect(approvals).toHaveTextContent(`Proposed by${SELF.email}`);
    expect(approvals).toHaveTextContent('Reference ACH-77');
    const approve = within(approvals).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'You proposed this yourself: a different agent must approve it.',
    );
    expect(within(approvals).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('approves another agent’s proposal after confirmation', async () => {
    const pending = proposal({ proposedBy: OTHER_AGENT });
    const approveUrl = buildPath(postOpsApproveProposal.path, {
      ...params,
      proposalId: pending.id,
    });
    let current = makeDetail({ application: awaitingRelease(), proposals: [pending] });
    const fetchMock = serve(() => current, {
      [`POST ${approveUrl}`]: () => {
        current = makeDetail({
          application: activeLoan(),
          proposals: [{ ...pending, status: 'APPROVED', decidedBy: SELF }],
        });
        return jsonResponse(current);
      },
    });
    const { user } = await showDetail();
    await user.click(within(section('Approvals')).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the release of funds?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Release of funds approved', {}, LOADED)).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === approveUrl)).toBe(true);
    await waitFor(() =>
      expect(section('Approvals')).toHaveTextContent('No release or payoff waits for approval.'),
    );
  });

  it('shows a holder-name review and accepts the account', async () => {
    const application = awaitingRelease();
    const review = makeHolderNameReview();
    let current = makeDetail({ application, holderNameReview: review });
    serve(() => current, {
      [`POST ${buildPath(postOpsApproveHolderName.path, params)}`]: () => {
        current = makeDetail({
          application,
          holderNameReview: { ...review, status: 'APPROVED', decidedBy: SELF },
        });
        return jsonResponse(current);
      },
    });
    const { user } = await showDetail();
    const reviewSection = section('Payout account name review');
    expect(reviewSection).toHaveTextContent('Account holderEve Mallory');
    expect(reviewSection).toHaveTextContent('BorrowerAda Lovelace');
    expect(
      within(section('Actions')).getByRole('button', { name: 'Propose release' }),
    ).toHaveAccessibleDescription('The payout account’s holder name must be accepted first.');
    await user.click(within(reviewSection).getByRole('button', { name: 'Accept name' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept the account holder name?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept name' }));
    expect(await screen.findByText('Account accepted', {}, LOADED)).toBeVisible();
    await waitFor(() =>
      expect(
        within(section('Actions')).getByRole('button', { name: 'Propose release' }),
      ).toBeEnabled(),
    );
  });

  it('downloads an uploaded ID through the agent endpoint', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0x01]);
    const fetchMock = serve(() => makeDetail(), {
      [`GET ${buildPath(getOpsIdentityDocument.path, { ...params, docUuid: TEST_ID_DOCUMENT_UUID })}`]:
        () => new Response(bytes, { status: 200, headers: { 'Content-Type': 'image/jpeg' } }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:license');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    const { user } = await showDetail();

    await user.click(
      within(section('Identity documents')).getByRole('button', { name: 'Download license.jpg' }),
    );
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('license.jpg');
    expect(clicks[0]?.href).toBe('blob:license');
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe('image/jpeg');
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(bytes);
    expectSentByTheAgent(fetchMock, (url) => url.includes('/identity-documents/'));
  });

  it('says so when the application does not exist', async () => {
    mockAgentFetch({
      [DETAIL]: () => jsonResponse({ code: 'NOT_FOUND', message: 'Application not found' }, 404),
    });
    const { user, router } = renderApp(PAGE);
    expect(await findPageHeading('Application not found')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'All applications' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/ops'));
  });
});
