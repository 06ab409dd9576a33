import type { FastifyPluginAsync } from 'fastify';
import {
  getCollateral as getCollateralEndpoint,
  getMicroDepositStatus as getMicroDepositStatusEndpoint,
  postCollateralBorrowerConfirmation,
  postCollateralCalculate,
  postCollateralRelease,
  postCollateralSourceWalletType,
  postMicroDepositBorrowerConfirmation,
} from '@pledge/contract';
import { route } from '../../http/route.js';
import type { TCollateralDeps } from '../../services/collateral/collateral-record.js';
import { getCollateral } from '../../services/collateral/get-collateral.js';
import {
  confirmCollateralSent,
  getMicroDepositStatus,
  optInMicroDeposit,
  setWalletSourceType,
} from '../../services/collateral/record-borrower-choices.js';
import { requestCollateralRelease } from '../../services/collateral/request-collateral-release.js';
import { callerUuidOf } from '../../http/auth.js';

/** The collateral page, the optional test deposit and the release of a paid-off loan's collateral. */
export const collateralRoutes: FastifyPluginAsync<TCollateralDeps> = async (app, deps) => {
  const owned = (request: Parameters<typeof callerUuidOf>[0], appUuid: string) => ({
    identityUuid: callerUuidOf(request),
    appUuid,
  });
  route(app, getCollateralEndpoint, ({ params, request }) =>
    getCollateral(deps, { ...owned(request, params.appUuid), allocateAddress: false }),
  );
  route(app, postCollateralCalculate, ({ params, request }) =>
    getCollateral(deps, { ...owned(request, params.appUuid), allocateAddress: true }),
  );
  route(app, postCollateralSourceWalletType, ({ params, body, request }) =>
    setWalletSourceType(deps, { ...owned(request, params.appUuid), walletSourceType: body }),
  );
  route(app, postCollateralBorrowerConfirmation, ({ params, request }) =>
    confirmCollateralSent(deps, owned(request, params.appUuid)),
  );
  route(app, postMicroDepositBorrowerConfirmation, ({ params, request }) =>
    optInMicroDeposit(deps, owned(request, params.appUuid)),
  );
  route(app, getMicroDepositStatusEndpoint, ({ params, request }) =>
    getMicroDepositStatus(deps, owned(request, params.appUuid)),
  );
  route(app, postCollateralRelease, ({ params, body, request }) =>
    requestCollateralRelease(deps, {
      ...owned(request, params.appUuid),
      returnAddress: body.returnAddress,
    }),
  );
};
