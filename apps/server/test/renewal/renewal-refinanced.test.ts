/**
 * Issue 34, finding 5, replayed against the real server: a refinanced loan (100002, 10 ETH at 62 %
 * topped up to 55 %) renews like any loan: its renewal's disclosures are generated, the renewal
 * asks only for the coins it adds (never for the legacy coins, which never came through our
 * address), and it completes once the top-up has arrived.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TApplication,
  TDocument,
  TRefinancingApplication,
  TServicingLoan,
} from '@pledge/contract';
import { eq, sql } from 'drizzle-orm';
import { applications } from '../../src/db/schema/index.js';
import { appPath, bearer, LEAP, useApplicationsTestContext } from '../applications/helpers.js';
import { pdfText } from '../documents/helpers.js';
import { signIn } from '../identity/sign-in.js';
import { signInAgent, opsApplicationOf } from '../ops/helpers.js';
import { CUSTODY_ONLY, lookUpOne, offerOf, REFI } from '../refi/helpers.js';
import { enterRenewalWindow, loanStates, postAs } from './helpers.js';
import { applicationStateOf } from '../helpers/application-state.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useApplicationsTestContext();
const borrower = { email: `refinanced-renewal-${Date.now()}@example.com`, token: '' };
let loanUuid = '';
/** The refinanced loan's collateral: the legacy 10 ETH plus its top-up. */
let loanCollateral = '';

const post = (url: string, payload?: object) => postAs(ctx, borrower.token, url, payload);

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: bearer(borrower.token) });
}

/** Refinances 100002 custody-only with its top-up, through signing; answers the loan's uuid. */
async function refinance(): Promise<string> {
  const application = await lookUpOne(ctx.app, borrower.token, '100002');
  const offer = offerOf(application, CUSTODY_ONLY);
  const confirmUrl = `${REFI}/applications/${application.appUuid}/collateral/celsius-refi-borrower-confirmation`;
  const submitted = (await post(confirmUrl, { offerUuid: offer.uuid })).json();
  const topUp = (submitted as TRefinancingApplication).rollForwardLoanDetails?.topUpAmount
    .coinQuantity;
  const estimate = (
    await post(`${REFI}/applications/${application.appUuid}/celsius-collateral/calculate`, {
      offerUuid: offer.uuid,
    })
  ).json().celsiusTopUpCollateral;
  await sendCoins(ctx.app, estimate.wallet.depositAddress as string, topUp ?? '');
  await ctx.runJobs();
  const documents = (
    await get(
      `${REFI}/applications/${application.appUuid}/borrowers/${application.identityUuid}/documents/unsigned`,
    )
  ).json() as TDocument[];
  expect(documents.length).toBeGreaterThan(0);
  for (const document of documents) {
    expect((await post(`${REFI}/sign-document/${document.uuid}`)).statusCode).toBe(200);
  }
  await ctx.runJobs();
  loanCollateral = (10 + Number(topUp)).toString();
  return application.appUuid;
}

beforeAll(async () => {
  borrower.token = await signIn(ctx.app, borrower.email);
  loanUuid = await refinance();
  expect(await loanStates(ctx, borrower.token)).toEqual({ [loanUuid]: 'COMPLETE' });
  // Into the renewal window: 20 days before maturity.
  await enterRenewalWindow(ctx, [borrower]);
}, 180_000);

describe('a refinanced loan renews', () => {
  it('with 1 ETH more: disclosures, the top-up alone to send, completed once it arrives', async () => {
    const opened = await post(
      `${LEAP}/secure/api/v2/applications/${loanUuid}/roll-forward/offers`,
      {
        organization: 'default',
      },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const renewal = opened.json() as TApplication;
    const toppedUp = await post(appPath(renewal.appUuid, '/roll-forward/top-up'), {
      topUpQuantity: '1',
    });
    expect(toppedUp.statusCode, toppedUp.body).toBe(200);
    const offer = (toppedUp.json() as TApplication).offers[0];
    expect(Number(offer?.collateralUnits)).toBeCloseTo(Number(loanCollateral) + 1, 6);
    const accepted = await post(appPath(renewal.appUuid, '/select-offer'), {
      offerUuid: offer?.uuid ?? '',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    await ctx.runJobs();
    const failed = await ctx.database.db.execute(
      sql`SELECT last_error FROM graphile_worker._private_jobs WHERE last_error IS NOT NULL`,
    );
    expect(failed.rows).toEqual([]);
    expect(await applicationStateOf(ctx.database.db, renewal.appUuid)).toBe('SIGN_DOCS');

    const documents = (
      await get(appPath(renewal.appUuid, `/borrowers/${renewal.identityUuid}/documents/unsigned`))
    ).json() as TDocument[];
    expect(documents.length).toBeGreaterThan(0);
    // The agreement names the loan it renews (a refinancing of 100002) and carries its balance: no
    // cash is paid out, and the deadline it states is the top-up's.
    const agreement = documents.find((document) => document.name === 'Loan Agreement');
    const pdf = await get(
      appPath(renewal.appUuid, `/borrowers/${renewal.identityUuid}/documents/${agreement?.uuid}`),
    );
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`This loan renews loan ${loanUuid}`);
    expect(text).toContain('which refinanced Celsius loan 100002');
    expect(text).toContain('No cash is disbursed to the borrower.');
    expect(text).not.toContain('disbursed to the borrower plus');
    expect(text).toContain('Borrower: the borrower of Celsius loan 100002');
    expect(text).toMatch(/carried over, and a top-up of 1\.0+ ETH\./);
    expect(text).toMatch(/Collateral deadline: the top-up of 1\.0+ ETH must be received/);
    let state = '';
    for (const document of documents) {
      const signed = await post(
        appPath(
          renewal.appUuid,
          `/borrowers/${renewal.identityUuid}/documents/${document.uuid}/sign`,
        ),
      );
      expect(signed.statusCode, signed.body).toBe(200);
      state = (signed.json() as { state: string }).state;
    }
    expect(state).toBe('WAITING_FOR_COLLATERAL');

    // Only the coins the renewal adds are still to come.
    const waiting = (await get(appPath(renewal.appUuid))).json() as TApplication;
    expect(waiting.rollForwardLoanDetails?.remainingTopUpAmount.coinQuantity).toBe('1');
    const collateral = (await post(appPath(renewal.appUuid, '/collateral/calculate'))).json();
    expect(collateral.requiredCoinAmount).toEqual({ coinQuantity: '1', type: 'ETH' });
    expect(collateral.remainingCoinAmountDue).toEqual({ coinQuantity: '1', type: 'ETH' });
    const address = collateral.wallet.depositAddress as string;
    expect(address).toMatch(/^0x/);
    await sendCoins(ctx.app, address, '0.4');
    const partly = (await get(appPath(renewal.appUuid))).json() as TApplication;
    expect(partly.rollForwardLoanDetails?.remainingTopUpAmount.coinQuantity).toBe('0.6');
    const partlyCollateral = (await get(appPath(renewal.appUuid, '/collateral'))).json();
    expect(partlyCollateral.remainingCoinAmountDue).toEqual({ coinQuantity: '0.6', type: 'ETH' });
    expect(
      (await post(appPath(renewal.appUuid, '/collateral/borrower-confirmation'))).statusCode,
    ).toBe(200);
    await sendCoins(ctx.app, address, '0.6');
    await ctx.runJobs();
    expect(await loanStates(ctx, borrower.token)).toMatchObject({
      [loanUuid]: 'RENEWED',
      [renewal.appUuid]: 'COMPLETE',
    });
    // The renewal holds every coin; the old loan keeps the record of its own, not the top-up.
    const collateralOf = async (uuid: string) =>
      ((await get(`/provenance/borrower/servicing/v2/loans/${uuid}`)).json() as TServicingLoan)
        .collateral.coinQuantity;
    expect(Number(await collateralOf(loanUuid))).toBeCloseTo(Number(loanCollateral), 6);
    expect(Number(await collateralOf(renewal.appUuid))).toBeCloseTo(Number(loanCollateral) + 1, 6);
    const done = (await get(appPath(renewal.appUuid))).json() as TApplication;
    expect(done.rollForwardLoanDetails?.remainingTopUpAmount.coinQuantity).toBe('0');
  });

  it('shows the console every step of the complete refinancing and its renewal done', async () => {
    const agent = await signInAgent(ctx);
    const [renewal] = await ctx.database.db
      .select({ uuid: applications.uuid })
      .from(applications)
      .where(eq(applications.renewsApplicationUuid, loanUuid));
    for (const uuid of [loanUuid, renewal?.uuid ?? '']) {
      const { finalSteps, application } = await opsApplicationOf(ctx.app, agent, uuid);
      expect(application.state).toBe(uuid === loanUuid ? 'RENEWED' : 'COMPLETE');
      expect(finalSteps.status).toBe('COMPLETED');
      expect(Object.fromEntries(finalSteps.items.map((item) => [item.name, item.status]))).toEqual({
        'Verify Identity': 'NOT_REQUIRED',
        'Review Agreements': 'COMPLETED',
        'Disbursement Account': 'NOT_REQUIRED',
        // Both took a top-up.
        'Post Collateral': 'COMPLETED',
      });
    }
  });
});
