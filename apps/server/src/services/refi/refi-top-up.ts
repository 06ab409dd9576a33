/**
 * The collateral top-up of a custody-only refinancing above 55% LTV: its deposit address (derived
 * like a new loan's, watched by the same chain watcher) and the moves it makes: the borrower's
 * "sent" confirmation (TOP_UP_CONFIRMED) and, once confirmed deposits cover the top-up fixed at
 * submission, TOP_UP_RECEIVED (→ CELSIUS_FULL_COLLATERAL_RECEIVED, disclosures to sign).
 *
 * A refinancing that ended unfinished keeps its address watched for a while: coins on it wait for
 * the borrower's return address (refi-coin-return-record.ts), unless the borrower looks the same
 * loan up again and submits it first, in which case the new refinancing takes the address over and
 * the coins count toward it: toward its top-up, or (no top-up: ownership transfer) they are its own.
 */
import { canCarryRefiCoins, REFI_ENDED_ADDRESS_WATCH_DAYS, toCoinQuantity } from '@pledge/domain';
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { isChainCoin } from '../../adapters/chain/port.js';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  auditEvents,
  collateralAccounts,
  collateralDeposits,
  DEPOSIT_ADDRESS_INDEX_SEQ,
  refiApplicationLoans,
  refiApplications,
  refiCoinReturns,
} from '../../db/schema/index.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { ensureCollateralAccount } from '../collateral/allocate-deposit-address.js';
import { confirmedBalance } from '../collateral/collateral-record.js';
import {
  watchApplicationDeposits,
  WATCH_DEPOSITS_ACTOR,
  type TWatchDepositsDeps,
} from '../collateral/watch-deposits.js';
import { noteRefiCoinsToReturn, REFI_COIN_RETURN_ENTITY } from './refi-coin-return-record.js';
import type { TRefiDeps } from './refi-deps.js';
import { ensureRefiDisclosures } from './refi-disclosures.js';
import { lockApplicationById } from '../applications/application-record.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * The borrower's ended refinancing of one of these legacy loans whose address (and any coins on
 * it) a new top-up may take over: same coin, and its coins not asked back nor carried elsewhere.
 */
async function carryableEndedRefi(
  tx: TDb,
  input: { appUuid: string; identityUuid: string; collateralType: string },
): Promise<string | null> {
  const loanIds = tx
    .select({ loanId: refiApplicationLoans.loanId })
    .from(refiApplicationLoans)
    .where(eq(refiApplicationLoans.applicationUuid, input.appUuid));
  const [ended] = await tx
    .selectDistinct({ uuid: applications.uuid, updatedAt: applications.updatedAt })
    .from(applications)
    .innerJoin(refiApplicationLoans, eq(refiApplicationLoans.applicationUuid, applications.uuid))
    .innerJoin(collateralAccounts, eq(collateralAccounts.applicationUuid, applications.uuid))
    .leftJoin(refiCoinReturns, eq(refiCoinReturns.applicationUuid, applications.uuid))
    .where(
      and(
        eq(applications.identityUuid, input.identityUuid),
        eq(applications.isCelsiusRefi, true),
        eq(applications.state, 'CANCELLED'),
        inArray(refiApplicationLoans.loanId, loanIds),
        isNotNull(collateralAccounts.depositAddress),
        sql`${collateralAccounts.collateralType} = ${input.collateralType}`,
        or(isNull(refiCoinReturns.status), eq(refiCoinReturns.status, 'AWAITING_ADDRESS')),
      ),
    )
    .orderBy(desc(applications.updatedAt))
    .limit(1);
  return ended?.uuid ?? null;
}

/**
 * Inside the caller's transaction: the new refinancing takes over the address of the borrower's
 * ended refinancing of the same loan, with the coins already on it (they count toward its top-up);
 * answers the address, or null when there is none to take over.
 */
async function carryEndedRefiAddress(
  tx: TDb,
  input: {
    appUuid: string;
    collateralType: string;
    now: Date;
    /** Only when coins arrived on it (a refinancing with no top-up needs no address of its own). */
    onlyWithCoins?: boolean;
  },
): Promise<string | null> {
  const [application] = await tx
    .select({ identityUuid: applications.identityUuid })
    .from(applications)
    .where(eq(applications.uuid, input.appUuid));
  if (application === undefined) return null;
  const endedUuid = await carryableEndedRefi(tx, {
    appUuid: input.appUuid,
    identityUuid: application.identityUuid,
    collateralType: input.collateralType,
  });
  if (endedUuid === null) return null;
  // The ended one is locked, as a return request locks it: the two are decided one after the other.
  await tx
    .select({ uuid: applications.uuid })
    .from(applications)
    .where(eq(applications.uuid, endedUuid))
    .for('no key update');
  const [coinReturn] = await tx
    .select({ status: refiCoinReturns.status })
    .from(refiCoinReturns)
    .where(eq(refiCoinReturns.applicationUuid, endedUuid))
    .for('update');
  if (!canCarryRefiCoins(coinReturn?.status ?? null)) return null;
  const [endedAccount] = await tx
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, endedUuid));
  if (endedAccount?.depositAddress == null) return null;
  if (input.onlyWithCoins === true) {
    const [received] = await tx
      .select({ id: collateralDeposits.id })
      .from(collateralDeposits)
      .where(eq(collateralDeposits.applicationUuid, endedUuid))
      .limit(1);
    if (received === undefined) return null;
  }

  // The new refinancing's own account has no address yet: the ended one's takes its place, without
  // the answers the borrower gave on the ended refinancing.
  await tx.delete(collateralAccounts).where(eq(collateralAccounts.applicationUuid, input.appUuid));
  await tx
    .update(collateralAccounts)
    .set({
      applicationUuid: input.appUuid,
      borrowerConfirmedAt: null,
      microDepositOptedInAt: null,
      fundedAt: null,
      updatedAt: input.now,
    })
    .where(eq(collateralAccounts.applicationUuid, endedUuid));
  const moved = await tx
    .update(collateralDeposits)
    .set({ applicationUuid: input.appUuid, updatedAt: input.now })
    .where(eq(collateralDeposits.applicationUuid, endedUuid))
    .returning({ amount: collateralDeposits.amount });
  if (coinReturn !== undefined || moved.length > 0) {
    await tx
      .insert(refiCoinReturns)
      .values({
        applicationUuid: endedUuid,
        identityUuid: application.identityUuid,
        collateralType: endedAccount.collateralType,
        status: 'CARRIED_OVER',
        carriedToApplicationUuid: input.appUuid,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: refiCoinReturns.applicationUuid,
        set: {
          status: 'CARRIED_OVER',
          carriedToApplicationUuid: input.appUuid,
          updatedAt: input.now,
        },
      });
    await tx.insert(auditEvents).values({
      entityType: REFI_COIN_RETURN_ENTITY,
      entityId: endedUuid,
      actor: REFI_TOP_UP_ACTOR,
      fromState: coinReturn?.status ?? null,
      toState: 'CARRIED_OVER',
      reason: `${moved.length} deposit(s) on ${endedAccount.depositAddress} carried to the new refinancing ${input.appUuid} of the same loan`,
      at: input.now,
    });
  }
  return endedAccount.depositAddress;
}

export const REFI_TOP_UP_ACTOR = actors.system('refi-top-up');

/**
 * Derives the top-up deposit address inside the caller's transaction (once), or takes over the
 * address of the borrower's ended refinancing of the same loan with the coins already sent to it.
 */
export async function ensureRefiDepositAddress(
  tx: TDb,
  deps: Pick<TRefiDeps, 'chain' | 'clock'>,
  appUuid: string,
  collateralType: string,
): Promise<string | null> {
  const account = await ensureCollateralAccount(tx, appUuid, collateralType);
  if (account.depositAddress !== null) return account.depositAddress;
  const carried = await carryEndedRefiAddress(tx, { appUuid, collateralType, now: deps.clock() });
  if (carried !== null) return carried;
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

/**
 * For a refinancing submitted with no top-up (ownership transfer, or custody only at or under
 * 55 %): the coins the borrower's ended refinancing of the same loan received count toward it as
 * they would toward a top-up: it takes their address over with them (CARRIED_OVER), inside the
 * caller's transaction. Answers the address, or null when no ended refinancing has coins to carry.
 */
export async function carryEndedRefiCoins(
  tx: TDb,
  deps: Pick<TRefiDeps, 'clock'>,
  appUuid: string,
  collateralType: string,
): Promise<string | null> {
  return carryEndedRefiAddress(tx, {
    appUuid,
    collateralType,
    now: deps.clock(),
    onlyWithCoins: true,
  });
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
    const application = await lockApplicationById(tx, appUuid);
    if (application === undefined || !application.isCelsiusRefi) return false;
    // Coins on an ended refinancing wait for the borrower's return address.
    if (application.state === 'CANCELLED') {
      await noteRefiCoinsToReturn(tx, { appUuid, actor, now: deps.clock() });
      return false;
    }
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

/**
 * Ended refinancings whose address is still watched: those whose coins wait for an address or for
 * their return, and, for REFI_ENDED_ADDRESS_WATCH_DAYS after they ended, those that never got any.
 */
async function endedRefisWatched(db: TDb, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - REFI_ENDED_ADDRESS_WATCH_DAYS * MS_PER_DAY);
  const rows = await db
    .select({ uuid: applications.uuid })
    .from(applications)
    .innerJoin(collateralAccounts, eq(collateralAccounts.applicationUuid, applications.uuid))
    .leftJoin(refiCoinReturns, eq(refiCoinReturns.applicationUuid, applications.uuid))
    .where(
      and(
        eq(applications.isCelsiusRefi, true),
        eq(applications.state, 'CANCELLED'),
        isNotNull(collateralAccounts.depositAddress),
        or(
          inArray(refiCoinReturns.status, ['AWAITING_ADDRESS', 'REQUESTED']),
          and(isNull(refiCoinReturns.status), gt(applications.updatedAt, since)),
        ),
      ),
    );
  return rows.map((row) => row.uuid);
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
  const ended = await endedRefisWatched(deps.db, deps.clock());
  const failed: { appUuid: string; error: unknown }[] = [];
  for (const uuid of ended) {
    try {
      await watchApplicationDeposits(deps, uuid);
      await advanceRefiTopUp(deps, uuid, WATCH_DEPOSITS_ACTOR);
    } catch (error) {
      failed.push({ appUuid: uuid, error });
    }
  }
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
  return { watched: waiting.length + ended.length, failed };
}
