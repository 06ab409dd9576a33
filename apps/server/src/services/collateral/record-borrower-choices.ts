/**
 * What the borrower says on the collateral page: the kind of wallet the coins come from, "I have
 * sent the required amount of collateral" (its time drives the 'collateral not found' notice of
 * document 1 §8) and the opt-in to a test deposit. Each is idempotent: the first time is kept, and
 * each is accepted before or after the coins arrive (a fact, not a race).
 */
import type { TCollateralInfo, TMicroDepositStatus } from '@pledge/contract';
import type { TWalletSourceType } from '@pledge/domain';
import { eq, isNull, and } from 'drizzle-orm';
import { collateralAccounts } from '../../db/schema/index.js';
import { findOwnedApplication, lockOwnedApplication } from '../applications/application-record.js';
import { ensureCollateralAccount, ensureDepositAddress } from './allocate-deposit-address.js';
import {
  acceptedOfferOf,
  loadCollateralRecordsOf,
  termsOf,
  type TCollateralDeps,
} from './collateral-record.js';
import { getCollateral } from './get-collateral.js';
import { loadRenewalCollateral, renewedLoanHolding } from '../renewal/renewal-collateral.js';
import { microDepositStatusOf } from './micro-deposit.js';

interface TOwnedInput {
  identityUuid: string;
  appUuid: string;
}

/**
 * SELF_HOSTED or CUSTODIAL: a fact about where the borrower's coins came from, kept whenever it is
 * said, also after the coins arrived (they can confirm before the borrower presses Continue).
 */
export async function setWalletSourceType(
  deps: Pick<TCollateralDeps, 'db' | 'clock'>,
  input: TOwnedInput & { walletSourceType: TWalletSourceType },
): Promise<{ walletSourceType: TWalletSourceType }> {
  return deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const terms = termsOf(await acceptedOfferOf(tx, application));
    await ensureCollateralAccount(tx, application.uuid, terms.type);
    await tx
      .update(collateralAccounts)
      .set({ walletSourceType: input.walletSourceType, updatedAt: deps.clock() })
      .where(eq(collateralAccounts.applicationUuid, application.uuid));
    return { walletSourceType: input.walletSourceType };
  });
}

/** Records when the borrower first said it, once the deposit address exists; later sayings keep it. */
async function markFirstTime(
  deps: TCollateralDeps,
  input: TOwnedInput,
  mark: 'borrowerConfirmedAt' | 'microDepositOptedInAt',
): Promise<void> {
  await ensureDepositAddress(deps, input);
  await deps.db
    .update(collateralAccounts)
    .set({ [mark]: deps.clock(), updatedAt: deps.clock() })
    .where(
      and(eq(collateralAccounts.applicationUuid, input.appUuid), isNull(collateralAccounts[mark])),
    );
}

/**
 * "I have sent the collateral": kept whenever it is said, also after the deposit confirmed; the
 * first time is kept. It is not a condition of funding: document 1 §5 makes the checkbox a gate of
 * the page's Continue button only, and DESIGN §5 moves the application on when the confirmed
 * deposits reach the required quantity, so coins that confirm first advance the loan by themselves.
 */
export async function confirmCollateralSent(
  deps: TCollateralDeps,
  input: TOwnedInput,
): Promise<TCollateralInfo> {
  await markFirstTime(deps, input, 'borrowerConfirmedAt');
  return getCollateral(deps, { ...input, allocateAddress: false });
}

/** Opt in to the test deposit (it needs the address to send to). */
export async function optInMicroDeposit(
  deps: TCollateralDeps,
  input: TOwnedInput,
): Promise<TMicroDepositStatus> {
  await markFirstTime(deps, input, 'microDepositOptedInAt');
  return getMicroDepositStatus(deps, input);
}

export async function getMicroDepositStatus(
  deps: Pick<TCollateralDeps, 'db'>,
  input: TOwnedInput,
): Promise<TMicroDepositStatus> {
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const terms = termsOf(await acceptedOfferOf(deps.db, application));
  // A renewal's test deposit arrives on its loan's address, after the renewal opened.
  const loanUuid = renewedLoanHolding(application);
  if (loanUuid !== null) {
    const renewal = await loadRenewalCollateral(deps.db, application, loanUuid);
    return microDepositStatusOf(terms.type, renewal.records, {
      since: renewal.testDepositSince,
    });
  }
  return microDepositStatusOf(terms.type, await loadCollateralRecordsOf(deps.db, application.uuid));
}
