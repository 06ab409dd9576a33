/**
 * The collateral top-up of a custody-only refinancing above 55% LTV: its deposit address (derived
 * like a new loan's, watched by the same chain watcher) and the moves it makes: the borrower's
 * "sent" confirmation (TOP_UP_CONFIRMED) and, once confirmed deposits cover the top-up fixed at
 * submission, TOP_UP_RECEIVED (→ CELSIUS_FULL_COLLATERAL_RECEIVED, disclosures to sign).
 */
import { toCoinQuantity } from '@pledge/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isChainCoin } from '../../adapters/chain/port.js';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  collateralAccounts,
  collateralDeposits,
  DEPOSIT_ADDRESS_INDEX_SEQ,
  refiApplications,
} from '../../db/schema/index.js';
import { applyTransition } from '../applications/apply-transition.js';
import { ensureCollateralAccount } from '../collateral/allocate-deposit-address.js';
import { confirmedBalance } from '../collateral/collateral-record.js';
import {
  watchApplicationDeposits,
  WATCH_DEPOSITS_ACTOR,
  type TWatchDepositsDeps,
} from '../collateral/watch-deposits.js';
import type { TRefiDeps } from './refi-deps.js';
import { ensureRefiDisclosures } from './refi-disclosures.js';

/** Derives the top-up deposit address inside the caller's transaction (once). */
export async function ensureRefiDepositAddress(
  tx: TDb,
  deps: Pick<TRefiDeps, 'chain' | 'clock'>,
  appUuid: string,
  collateralType: string,
): Promise<string | null> {
  const account = await ensureCollateralAccount(tx, appUuid, collateralType);
  if (account.depositAddress !== null) return account.depositAddress;
  if (!isChainCoin(collateralType)) return null;
  const result = await tx.execute<{ index: string }>(
    sql`SELECT nextval(${DEPOSIT_ADDRESS_INDEX_SEQ})::text AS index`,
  );
  const index = Number(result.rows[0]?.index);
  if (!Number.isSafeInteger(index)) throw new Error('No deposit address index was allocated');
  const address = deps.chain.depositAddress(collateralType, index);
  await tx
    .update(collateralAccounts)
    .set({ derivationIndex: index, depositAddress: address, updatedAt: deps.clock() })
    .where(eq(collateralAccounts.applicationUuid, appUuid));
  return address;
}

const TOP_UP_STATES = ['CELSIUS_TOP_UP_REQUESTED', 'CELSIUS_WAITING_FOR_TOP_UP'] as const;

/**
 * Moves a refinancing on when its confirmed top-up deposits cover the top-up: its own transaction
 * with the application locked; answers whether it moved.
 */
export async function advanceRefiTopUp(
  deps: Pick<TRefiDeps, 'db' | 'clock'>,
  appUuid: string,
  actor: string,
): Promise<boolean> {
  const moved = await deps.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.uuid, appUuid))
      .for('no key update');
    if (application === undefined || !application.isCelsiusRefi) return false;
    if (!(TOP_UP_STATES as readonly string[]).includes(application.state)) return false;
    const [refi] = await tx
      .select()
      .from(refiApplications)
      .where(eq(refiApplications.applicationUuid, appUuid));
    const required = refi?.topUpCoinQuantity ?? '0';
    const deposits = await tx
      .select()
      .from(collateralDeposits)
      .where(eq(collateralDeposits.applicationUuid, appUuid));
    const balance = confirmedBalance(deposits);
    if (toCoinQuantity(balance).lt(toCoinQuantity(required))) return false;
    const now = deps.clock();
    if (application.state === 'CELSIUS_TOP_UP_REQUESTED') {
      await applyTransition(tx, {
        appUuid,
        event: 'TOP_UP_CONFIRMED',
        actor,
        reason: 'the top-up arrived before the borrower confirmed sending it',
        context: { isCelsiusRefi: true },
        at: now,
      });
    }
    await applyTransition(tx, {
      appUuid,
      event: 'TOP_UP_RECEIVED',
      actor,
      reason: `confirmed top-up deposits of ${balance} reached ${required}`,
      context: { isCelsiusRefi: true },
      at: now,
    });
    return true;
  });
  return moved;
}

/** One poll of every refinancing waiting for its top-up (the chain watcher's sweep). */
export async function sweepRefiTopUps(
  deps: TWatchDepositsDeps & Pick<TRefiDeps, 'store' | 'sandbox'>,
): Promise<{ watched: number; failed: { appUuid: string; error: unknown }[] }> {
  const waiting = await deps.db
    .select({ uuid: applications.uuid })
    .from(applications)
    .where(
      and(eq(applications.isCelsiusRefi, true), inArray(applications.state, [...TOP_UP_STATES])),
    );
  const failed: { appUuid: string; error: unknown }[] = [];
  for (const { uuid } of waiting) {
    try {
      await watchApplicationDeposits(deps, uuid);
      if (await advanceRefiTopUp(deps, uuid, WATCH_DEPOSITS_ACTOR)) {
        await ensureRefiDisclosures(deps, uuid);
      }
    } catch (error) {
      failed.push({ appUuid: uuid, error });
    }
  }
  return { watched: waiting.length, failed };
}
