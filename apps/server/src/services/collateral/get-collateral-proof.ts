/**
 * The caller's collateral proof (GET …/collateral/proof): what the chain watcher recorded for the
 * loan's address, and whether a public link to it is on. Another borrower's loan answers 404.
 */
import type { TGetCollateralProofResponse } from '@pledge/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { TChainPort } from '../../adapters/chain/port.js';
import type { TDb } from '../../db/pool.js';
import { collateralProofLinks } from '../../db/schema/index.js';
import { findOwnedApplication } from '../applications/application-record.js';
import { collateralProofOf } from './collateral-proof-view.js';

export interface TCollateralProofDeps {
  db: TDb;
  chain: Pick<TChainPort, 'network'>;
}

export async function getCollateralProof(
  deps: TCollateralProofDeps,
  input: { identityUuid: string; appUuid: string },
): Promise<TGetCollateralProofResponse> {
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const proof = await collateralProofOf(deps.db, {
    appUuid: application.uuid,
    orgCode: application.organization,
    network: deps.chain.network,
  });
  const [link] = await deps.db
    .select({ createdAt: collateralProofLinks.createdAt })
    .from(collateralProofLinks)
    .where(
      and(
        eq(collateralProofLinks.applicationUuid, application.uuid),
        isNull(collateralProofLinks.revokedAt),
      ),
    );
  return {
    ...proof,
    publicLink: link === undefined ? null : { createdAt: link.createdAt.toISOString() },
  };
}
