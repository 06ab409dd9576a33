/**
 * Watching deposit addresses: asks the chain what arrived, records each movement once per
 * transaction id (updating its confirmations as they grow), and when the confirmed deposits reach
 * the quantity of the accepted offer moves the application WAITING_FOR_COLLATERAL →
 * CRYPTO_FUNDING_VERIFY (COLLATERAL_FUNDED) and, in the same transaction, on to funding when the
 * disbursement destination is already there. The application row is locked while deciding, so
 * several instances watching the same address record it once and fund it once. The same read
 * records the movements out of the address and its confirmed balance with its block height
 * (record-address-reading.ts): what the collateral proof shows.
 */
import { toCoinQuantity } from '@pledge/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { isChainCoin, type TChainPort } from '../../adapters/chain/port.js';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  collateralAccounts,
  collateralAddressBalances,
  collateralDeposits,
  servicingLoans,
} from '../../db/schema/index.js';
import {
  addConfirmedDepositsToLoan,
  confirmedTxids,
  WATCHED_LOAN_STATUSES,
} from '../risk/add-loan-collateral.js';
import type { TClock } from '../../security/jwt.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { advanceFundingIfReady } from '../disbursement/verify-funding.js';
import { acceptedOfferOf, confirmedBalance, termsOf } from './collateral-record.js';
import { recordAddressReading, recordChainMovements } from './record-address-reading.js';
import { lockApplicationById } from '../applications/application-record.js';

export interface TWatchDepositsDeps {
  db: TDb;
  chain: TChainPort;
  clock: TClock;
}

export interface TWatchResult {
  /** Movements seen on the address in this poll. */
  seen: number;
  confirmedBalance: string;
  /** This poll moved the application to CRYPTO_FUNDING_VERIFY. */
  funded: boolean;
}

export const WATCH_DEPOSITS_ACTOR = actors.system('watch-deposits');

/** One poll of one application's deposit address. */
export async function watchApplicationDeposits(
  deps: TWatchDepositsDeps,
  appUuid: string,
): Promise<TWatchResult | null> {
  const [account] = await deps.db
    .select()
    .from(collateralAccounts)
    .where(
      and(
        eq(collateralAccounts.applicationUuid, appUuid),
        isNotNull(collateralAccounts.depositAddress),
      ),
    );
  if (account?.depositAddress == null || !isChainCoin(account.collateralType)) return null;
  const coin = account.collateralType;
  // Asked outside the transaction: no row lock is held while a node answers.
  const address = account.depositAddress;
  const state = await deps.chain.readAddress(coin, address);
  const movements = state.deposits;
  const requiredConfirmations = deps.chain.requiredConfirmations(coin);
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx): Promise<TWatchResult | null> => {
    const application = await lockApplicationById(tx, appUuid);
    if (application === undefined) return null;
    const counted = await confirmedTxids(tx, appUuid);
    await recordChainMovements(tx, collateralDeposits, {
      appUuid,
      movements,
      requiredConfirmations,
      now,
    });
    // A funded loan's address takes more collateral: each newly confirmed deposit adds to it once.
    await addConfirmedDepositsToLoan(tx, {
      appUuid,
      before: counted,
      now,
      actor: WATCH_DEPOSITS_ACTOR,
    });
    // After the deposits were added to the loan: the balance is compared with the ledger as it is now.
    await recordAddressReading(tx, { appUuid, coin, address, state, requiredConfirmations, now });
    const deposits = await tx
      .select()
      .from(collateralDeposits)
      .where(eq(collateralDeposits.applicationUuid, appUuid));
    const balance = confirmedBalance(deposits);
    const terms = termsOf(await acceptedOfferOf(tx, application));
    const isFunded = toCoinQuantity(balance).gte(toCoinQuantity(terms.requiredCoinQuantity));
    if (!isFunded || application.state !== 'WAITING_FOR_COLLATERAL') {
      return { seen: movements.length, confirmedBalance: balance, funded: false };
    }
    const { application: funded } = await applyTransition(tx, {
      appUuid,
      event: 'COLLATERAL_FUNDED',
      actor: WATCH_DEPOSITS_ACTOR,
      reason: `Confirmed deposits of ${balance} ${terms.type} reached ${terms.requiredCoinQuantity}`,
      at: now,
    });
    await tx
      .update(collateralAccounts)
      .set({ fundedAt: now, updatedAt: now })
      .where(eq(collateralAccounts.applicationUuid, appUuid));
    // In the same transaction: with the destination already on record the loan moves on now
    // (domestic: MANUAL_FUNDING_RELEASE; international: the USDC test transfer); without it, it
    // waits in CRYPTO_FUNDING_VERIFY for the disbursement step.
    await advanceFundingIfReady(tx, funded, now, WATCH_DEPOSITS_ACTOR);
    return { seen: movements.length, confirmedBalance: balance, funded: true };
  });
  return result;
}

/**
 * Applications whose deposit addresses are watched: those still waiting for collateral, funded
 * loans that carry collateral risk (ACTIVE or MARGIN_CALL), whose borrowers may add collateral,
 * and any other whose address last held coins, so that their release (or a sale) is seen leaving.
 */
export async function listWatchedApplications(db: TDb): Promise<string[]> {
  const loans = await db
    .select({ uuid: servicingLoans.loanUuid })
    .from(servicingLoans)
    .innerJoin(collateralAccounts, eq(collateralAccounts.applicationUuid, servicingLoans.loanUuid))
    .where(
      and(
        inArray(servicingLoans.status, [...WATCHED_LOAN_STATUSES]),
        isNotNull(collateralAccounts.depositAddress),
      ),
    );
  const rows = await db
    .select({ uuid: applications.uuid })
    .from(applications)
    .innerJoin(collateralAccounts, eq(collateralAccounts.applicationUuid, applications.uuid))
    .where(
      and(
        eq(applications.state, 'WAITING_FOR_COLLATERAL'),
        isNotNull(collateralAccounts.depositAddress),
      ),
    );
  const holding = await db
    .selectDistinct({ uuid: collateralAddressBalances.applicationUuid })
    .from(collateralAddressBalances)
    .where(sql`${collateralAddressBalances.confirmedBalance} > 0`);
  return [
    ...new Set([
      ...rows.map((row) => row.uuid),
      ...loans.map((row) => row.uuid),
      ...holding.map((row) => row.uuid),
    ]),
  ];
}

/**
 * One poll of every watched address. A node that fails for one address does not stop the others;
 * the failures are answered so that the job can report them and the next sweep retries.
 */
export async function sweepDeposits(
  deps: TWatchDepositsDeps,
): Promise<{ watched: number; funded: number; failed: { appUuid: string; error: unknown }[] }> {
  const appUuids = await listWatchedApplications(deps.db);
  let funded = 0;
  const failed: { appUuid: string; error: unknown }[] = [];
  for (const appUuid of appUuids) {
    try {
      const result = await watchApplicationDeposits(deps, appUuid);
      if (result?.funded === true) funded += 1;
    } catch (error) {
      failed.push({ appUuid, error });
    }
  }
  return { watched: appUuids.length, funded, failed };
}
