/**
 * A collateral proof by its public link: anyone holding the link reads what the chain watcher
 * recorded for that loan's address, and nothing else (no name, e-mail, amount owed or loan id).
 * An unknown or turned-off link answers 404, the same either way.
 */
import type { TGetPublicCollateralProofResponse } from '@pledge/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { applications, collateralProofLinks } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { collateralProofOf } from './collateral-proof-view.js';
import { proofTokenHash } from './collateral-proof-link.js';
import type { TCollateralProofDeps } from './get-collateral-proof.js';

export const PROOF_LINK_NOT_FOUND_MESSAGE =
  'This collateral proof link does not exist or was turned off by the borrower';

export async function getPublicCollateralProof(
  deps: TCollateralProofDeps,
  input: { token: string },
): Promise<TGetPublicCollateralProofResponse> {
  const [link] = await deps.db
    .select({ appUuid: applications.uuid, orgCode: applications.organization })
    .from(collateralProofLinks)
    .innerJoin(applications, eq(applications.uuid, collateralProofLinks.applicationUuid))
    .where(
      and(
        eq(collateralProofLinks.tokenHash, proofTokenHash(input.token)),
        isNull(collateralProofLinks.revokedAt),
      ),
    );
  if (link === undefined) {
    throw new HttpError(404, 'PROOF_LINK_NOT_FOUND', PROOF_LINK_NOT_FOUND_MESSAGE);
  }
  return collateralProofOf(deps.db, {
    appUuid: link.appUuid,
    orgCode: link.orgCode,
    network: deps.chain.network,
  });
}
