/**
 * A renewal takes over its loan's address and deposits when it completes: the proof follows the
 * coins, with the address's confirmed balance, and a public link the borrower shared before the
 * renewal still shows it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TApplication,
  TCollateralInfo,
  TGetCollateralProofResponse,
  TPostCollateralProofLinkResponse,
} from '@pledge/contract';
import { appPath, LEAP, useApplicationsTestContext } from '../applications/helpers.js';
import { enterRenewalWindow, getAs, postAs, waitingRenewal } from '../renewal/helpers.js';
import { sandboxLoan, type TTestLoan } from '../servicing/helpers.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useApplicationsTestContext();
let loan: TTestLoan;

beforeAll(async () => {
  loan = await sandboxLoan(ctx);
  await enterRenewalWindow(ctx, [loan]);
}, 120_000);

describe('the collateral proof of a renewed loan', () => {
  it('moves to the renewal with the coins, and the shared public link keeps showing it', async () => {
    const made = await postAs(ctx, loan.token, appPath(loan.loanUuid, '/collateral/proof/link'));
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json() as TPostCollateralProofLinkResponse;

    const renewal = await waitingRenewal(ctx, loan, '0.1');
    const collateral = await getAs<TCollateralInfo>(
      ctx,
      loan.token,
      appPath(renewal.appUuid, '/collateral'),
    );
    const address = collateral.wallet?.depositAddress ?? '';
    await sendCoins(ctx.app, address, '0.1');
    await ctx.runJobs();
    const completed = await getAs<TApplication>(
      ctx,
      loan.token,
      `${LEAP}/secure/api/v1/applications/${renewal.appUuid}`,
    );
    expect(completed.state).toBe('COMPLETE');

    const proof = await getAs<TGetCollateralProofResponse>(
      ctx,
      loan.token,
      appPath(renewal.appUuid, '/collateral/proof'),
    );
    expect(proof).toMatchObject({
      addresses: [{ address }],
      status: 'HELD',
      balance: { confirmedBalance: '1.1' },
      publicLink: { createdAt: expect.any(String) },
    });
    expect(proof.movements.map((movement) => movement.amount)).toEqual(['0.1', '1']);

    const shared = await ctx.app.inject({
      method: 'GET',
      url: `${LEAP}/insecure/api/v1/collateral-proofs/${token}`,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ balance: { confirmedBalance: '1.1' } });
  });
});
