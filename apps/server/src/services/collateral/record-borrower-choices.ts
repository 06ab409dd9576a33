/**
 * What the borrower says on the collateral page: the kind of wallet the coins come from, "I have
 * sent the required amount of collateral" (its time drives the 'collateral not found' notice of
 * document 1 §8) and the opt-in to a test deposit. Each is idempotent: the first time is kept.
 */
import type { TCollateralInfo, TMicroDepositStatus } from '@pledge/contract';
import type { TWalletSourceType } from '@pledge/domain';
import { eq, isNull, and } from 'drizzle-orm';
import { collateralAccounts } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { findOwnedApplication, lockOwnedApplication } from '../applications/application-record.js';
import { ensureCollateralAccount, ensureDepositAddress } from './allocate-deposit-address.js';
import {
  acceptedOfferOf,
  loadCollateralRecordsOf,
  termsOf,
  type TCollateralDeps,
} from './collateral-record.js';
import { getCollateral } from './get-collateral.js';
import { microDepositStatusOf } from './micro-deposit.js';

interface TOwnedInput {
  identityUuid: string;
  appUuid: string;
}

/** SELF_HOSTED or CUSTODIAL, until the collateral has been counted. */
export async function setWalletSourceType(
  deps: Pick<TCollateralDeps, 'db' | 'clock'>,
  input: TOwnedInput & { walletSourceType: TWalletSourceType },
): Promise<{ walletSourceType: TWalletSourceType }> {
  return deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const terms = termsOf(await acceptedOfferOf(tx, application));
    const account = await ensureCollateralAccount(tx, application.uuid, terms.type);
    if (account.fundedAt !== null) {
      throw new HttpError(
        409,
        'COLLATERAL_ALREADY_RECEIVED',
        'The collateral was already received',
      );
    }
    await tx
      .update(collateralAccounts)
      .set({ walletSourceType: input.walletSourceType, updatedAt: deps.clock() })
      .where(eq(collateralAccounts.applicationUuid, application.uuid));
    return { walletSourceType: input.walletSourceType };
  });
}

/** "I have sent the collateral": only while it is awaited; the first confirmation time is kept. */
export async function confirmCollateralSent(
  deps: TCollateralDeps,
  input: TOwnedInput,
): Promise<TCollateralInfo> {
  await ensureDepositAddress(deps, input);
  await deps.db
    .update(collateralAccounts)
    .set({ borrowerConfirmedAt: deps.clock(), updatedAt: deps.clock() })
    .where(
      and(
        eq(collateralAccounts.applicationUuid, input.appUuid),
        isNull(collateralAccounts.borrowerConfirmedAt),
      ),
    );
  return getCollateral(deps, { ...input, allocateAddress: false });
}

/** Opt in to the test deposit (it needs the address to send to). */
export async function optInMicroDeposit(
  deps: TCollateralDeps,
  input: TOwnedInput,
): Promise<TMicroDepositStatus> {
  await ensureDepositAddress(deps, input);
  await deps.db
    .update(collateralAccounts)
    .set({ microDepositOptedInAt: deps.clock(), updatedAt: deps.clock() })
    .where(
      and(
        eq(collateralAccounts.applicationUuid, input.appUuid),
        isNull(collateralAccounts.microDepositOptedInAt),
      ),
    );
  return getMicroDepositStatus(deps, input);
}

export async function getMicroDepositStatus(
  deps: Pick<TCollateralDeps, 'db'>,
  input: TOwnedInput,
): Promise<TMicroDepositStatus> {
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const terms = termsOf(await acceptedOfferOf(deps.db, application));
  return microDepositStatusOf(terms.type, await loadCollateralRecordsOf(deps.db, application.uuid));
}
