import type { FastifyPluginAsync } from 'fastify';
import {
  deleteCollateralProofLink,
  getCollateral as getCollateralEndpoint,
  getCollateralProof as getCollateralProofEndpoint,
  getMicroDepositStatus as getMicroDepositStatusEndpoint,
  getPublicCollateralProof as getPublicCollateralProofEndpoint,
  postCollateralBorrowerConfirmation,
  postCollateralProofLink,
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
import {
  makeCollateralProofLink,
  turnOffCollateralProofLink,
} from '../../services/collateral/collateral-proof-link.js';
import { getCollateralProof } from '../../services/collateral/get-collateral-proof.js';
import { getPublicCollateralProof } from '../../services/collateral/get-public-collateral-proof.js';
import { callerApplicationOf } from '../../http/auth.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { optionalIdempotencyKey } from '../../services/servicing/idempotency-key.js';

/** Reads of a public collateral proof per client address: a person refreshing, not a crawler. */
export const PUBLIC_COLLATERAL_PROOF_READS_PER_IP_PER_MINUTE = 60;
/** Public links a client address may make per minute (each turns the one before off). */
export const COLLATERAL_PROOF_LINKS_PER_IP_PER_MINUTE = 10;

/**
 * The collateral page, the optional test deposit, the release of a paid-off loan's collateral, and
 * the loan's collateral proof with its public link.
 */
export const collateralRoutes: FastifyPluginAsync<
  TCollateralDeps & { cipher: Pick<TFieldCipher, 'blindIndex'> }
> = async (app, deps) => {
  route(app, getCollateralEndpoint, ({ params, request }) =>
    getCollateral(deps, { ...callerApplicationOf(request, params), allocateAddress: false }),
  );
  route(app, postCollateralCalculate, ({ params, request }) =>
    getCollateral(deps, { ...callerApplicationOf(request, params), allocateAddress: true }),
  );
  route(app, postCollateralSourceWalletType, ({ params, body, request }) =>
    setWalletSourceType(deps, { ...callerApplicationOf(request, params), walletSourceType: body }),
  );
  route(app, postCollateralBorrowerConfirmation, ({ params, request }) =>
    confirmCollateralSent(deps, callerApplicationOf(request, params)),
  );
  route(app, postMicroDepositBorrowerConfirmation, ({ params, request }) =>
    optInMicroDeposit(deps, callerApplicationOf(request, params)),
  );
  route(app, getMicroDepositStatusEndpoint, ({ params, request }) =>
    getMicroDepositStatus(deps, callerApplicationOf(request, params)),
  );
  route(app, postCollateralRelease, ({ params, body, request }) =>
    requestCollateralRelease(deps, {
      ...callerApplicationOf(request, params),
      returnAddress: body.returnAddress,
    }),
  );
  route(app, getCollateralProofEndpoint, ({ params, request }) =>
    getCollateralProof(deps, callerApplicationOf(request, params)),
  );
  route(
    app,
    postCollateralProofLink,
    ({ params, request }) =>
      makeCollateralProofLink(deps, {
        ...callerApplicationOf(request, params),
        idempotencyKey: optionalIdempotencyKey(request),
      }),
    { rateLimit: { max: COLLATERAL_PROOF_LINKS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
  route(app, deleteCollateralProofLink, ({ params, request }) =>
    turnOffCollateralProofLink(deps, callerApplicationOf(request, params)),
  );
  route(
    app,
    getPublicCollateralProofEndpoint,
    async ({ params, reply }) => {
      // Whoever holds the link may read it; no one else should find it, keep it, or be told it.
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer');
      return getPublicCollateralProof(deps, { token: params.token });
    },
    { rateLimit: { max: PUBLIC_COLLATERAL_PROOF_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
};
