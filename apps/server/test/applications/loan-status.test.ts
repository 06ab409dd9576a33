import { describe, expect, it } from 'vitest';
import { ZGetLoanStatusResponse, type TApplication } from '@pledge/contract';
import type { TApplicationEvent } from '@pledge/domain';
import { applyTransition } from '../../src/services/applications/apply-transition.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  createdApplication,
  newBorrower,
  requestOffer,
  selectOffer,
  submitDetails,
  usDetails,
  useBorrowerContext,
} from './helpers.js';
import { recordFundingFacts } from './funding-facts.js';

const LOAN_STATUS_PATH = '/provenance/borrower/servicing/v2/loanStatus';

/** Signing, collateral and the release of funds, as their services will apply them. */
const TO_COMPLETE: TApplicationEvent[] = [
  'ALL_DOCUMENTS_SIGNED',
  'COLLATERAL_FUNDED',
  'FUNDING_VERIFIED',
  'FUNDS_RELEASED',
];

describe('loan status', () => {
  const { ctx, borrower } = useBorrowerContext();

  async function fund(application: TApplication, token: string, fundedAt: Date): Promise<void> {
    expect((await submitDetails(ctx.app, token, application.appUuid, usDetails())).statusCode).toBe(
      202,
    );
    await ctx.runJobs();
    await recordFundingFacts(ctx.database.db, application.appUuid, { at: fundedAt });
    for (const event of TO_COMPLETE) {
      await applyTransition(ctx.database.db, {
        appUuid: application.appUuid,
        event,
        actor: 'system:test',
        at: fundedAt,
      });
    }
  }

  const loanStatus = (token: string) =>
    ctx.app.inject({ method: 'GET', url: LOAN_STATUS_PATH, headers: bearer(token) });

  it('lists the funded loans only, each with its terms and where it is serviced', async () => {
    const web = await acceptedApplication(ctx.app, borrower.token);
    await fund(web, borrower.token, new Date('2026-01-31T15:00:00Z'));
    // Still applying: not a loan.
    await acceptedApplication(ctx.app, borrower.token);

    const mobileApp = await createdApplication(ctx.app, borrower.token, {
      organization: 'markets',
      mobile: true,
    });
    const priced = (
      await requestOffer(ctx.app, borrower.token, mobileApp.appUuid)
    ).json() as TApplication;
    const mobile = (
      await selectOffer(ctx.app, borrower.token, mobileApp.appUuid, priced.offers[0]?.uuid ?? '')
    ).json() as TApplication;
    await fund(mobile, borrower.token, new Date('2026-02-10T09:30:00Z'));

    const response = await loanStatus(borrower.token);
    expect(response.statusCode).toBe(200);
    const { loans } = ZGetLoanStatusResponse.parse(response.json());
    expect(loans.map((loan) => loan.appUuid)).toEqual([mobile.appUuid, web.appUuid]);
    expect(loans[1]).toEqual({
      appUuid: web.appUuid,
      loanType: 'NEW_LOAN',
      state: 'COMPLETE',
      stage: 'FINAL',
      principalAmount: web.selectedOffer?.amount,
      interestRate: 8.91,
      annualPercentageRate: web.selectedOffer?.annualPercentageRate,
      collateral: { coinQuantity: '1', type: 'BTC' },
      fundedAt: '2026-01-31T15:00:00.000Z',
      maturityDate: '2027-01-31',
      // The window's openness and position follow the clock of the run.
      renewal: {
        opensOn: '2027-01-01',
        closesOn: '2027-01-31',
        isOpen: expect.any(Boolean),
        position: expect.stringMatching(/^(BEFORE|OPEN|AFTER)$/),
      },
      // Servicing, from the loan's ledger (DESIGN §5); time-dependent figures by type.
      loanUuid: web.appUuid,
      status: 'ACTIVE',
      principal: web.selectedOffer?.amount,
      accruedInterest: expect.any(Number),
      ltv: expect.any(Number),
      warningLtv: 75,
      marginCallLtv: 80,
      liquidationLtv: 90,
      marginCallPrice: expect.any(Number),
      liquidationPrice: expect.any(Number),
      nextPaymentDue: expect.any(String),
      nextPaymentAmount: expect.any(Number),
      // What is due, as the loan page has it (the same object).
      nextPayment: {
        dueDate: expect.any(String),
        amountCents: expect.any(Number),
        pastDueCents: 0,
        pastDueSince: null,
        daysPastDue: 0,
      },
      cureDeadline: null,
      // The loan page's health level, on the same LTV.
      riskLevel: 'NONE',
      profile: { isServicedViaApp: false },
    });
    expect(loans[0]?.profile).toEqual({ isServicedViaApp: true });

    const state = await ctx.app.inject({
      method: 'GET',
      url: appPath(web.appUuid, '/final-steps'),
      headers: bearer(borrower.token),
    });
    expect(state.json()).toMatchObject({
      items: [
        { name: 'Verify Identity' },
        { name: 'Review Agreements', status: 'COMPLETED' },
        { name: 'Disbursement Account' },
        { name: 'Post Collateral', status: 'COMPLETED' },
      ],
    });
  });

  it('shows nothing of one borrower’s loans to another, and needs a token', async () => {
    const other = await newBorrower(ctx.app);
    expect((await loanStatus(other.token)).json()).toEqual({ loans: [] });
    const anonymous = await ctx.app.inject({ method: 'GET', url: LOAN_STATUS_PATH });
    expect(anonymous.statusCode).toBe(401);
  });
});
