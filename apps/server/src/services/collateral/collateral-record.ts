/**
 * Collateral as stored and as the API shows it (document 1 §3 "Collateral info"): what the
 * accepted offer requires, the deposit wallet with its confirmed balance and movements, the
 * optional test deposit, and the release requests of a paid-off loan.
 */
import type { TCollateralInfo, TCollateralTransaction } from '@pledge/contract';
import {
  centsToUsd,
  DEFAULT_WALLET_SOURCE_TYPE,
  remainingCoinDue,
  toCoinQuantity,
  type TCollateralType,
} from '@pledge/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TChainPort } from '../../adapters/chain/port.js';
import type { TPricesPort } from '../../adapters/prices/port.js';
import { readAll, type TDb } from '../../db/pool.js';
import {
  collateralAccounts,
  collateralDeposits,
  collateralReleaseRequests,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TClock } from '../../security/jwt.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { offersByUuid, type TOfferRow } from '../offers/offer-record.js';
import { readPayoff } from '../ops/payoff-record.js';
import { liquidationRemainders, withLiquidationRemainder } from './liquidated-collateral.js';
import { minVerifyCoinQuantity } from './micro-deposit.js';

export type TCollateralAccountRow = typeof collateralAccounts.$inferSelect;
export type TCollateralDepositRow = typeof collateralDeposits.$inferSelect;
export type TCollateralReleaseRow = typeof collateralReleaseRequests.$inferSelect;

/** What the collateral use cases need. */
export interface TCollateralDeps {
  db: TDb;
  clock: TClock;
  chain: TChainPort;
  prices: TPricesPort;
}

export interface TCollateralRecords {
  account: TCollateralAccountRow | undefined;
  deposits: TCollateralDepositRow[];
  releases: TCollateralReleaseRow[];
}

export function collateralNotFound(): HttpError {
  return new HttpError(
    404,
    'COLLATERAL_NOT_FOUND',
    'No collateral is tracked for this application',
  );
}

/** A numeric column ("1.500000000000000000") as the wire's shortest exact decimal ("1.5"). */
export function coinText(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '' ? '0' : trimmed;
}

/** Sum of the deposits that reached their confirmations, exact. */
export function confirmedBalance(deposits: readonly TCollateralDepositRow[]): string {
  return coinText(
    deposits
      .filter((deposit) => deposit.confirmedAt !== null)
      .reduce((sum, deposit) => sum.plus(toCoinQuantity(deposit.amount)), toCoinQuantity('0'))
      .toFixed(),
  );
}

/** The accepted offer fixes the coin and the quantity the borrower pledged. */
export interface TCollateralTerms {
  type: TCollateralType;
  requiredCoinQuantity: string;
}

export function termsOf(offer: TOfferRow): TCollateralTerms {
  return {
    type: offer.collateralType as TCollateralType,
    requiredCoinQuantity: coinText(offer.collateralUnits),
  };
}

/** The accepted offer of an application, or 404: no offer, no collateral. */
export async function acceptedOfferOf(db: TDb, application: TApplicationRow): Promise<TOfferRow> {
  if (application.selectedOfferUuid === null) throw collateralNotFound();
  const offer = (await offersByUuid(db, [application.selectedOfferUuid])).get(
    application.selectedOfferUuid,
  );
  if (offer === undefined) throw collateralNotFound();
  return offer;
}

/** Accounts, deposits and release requests of many applications, three queries in all. */
export async function loadCollateralRecords(
  db: TDb,
  appUuids: readonly string[],
): Promise<Map<string, TCollateralRecords>> {
  const records = new Map<string, TCollateralRecords>(
    appUuids.map((uuid) => [uuid, { account: undefined, deposits: [], releases: [] }]),
  );
  if (appUuids.length === 0) return records;
  const ids = [...appUuids];
  const [accounts, deposits, releases] = await readAll(db, [
    () =>
      db.select().from(collateralAccounts).where(inArray(collateralAccounts.applicationUuid, ids)),
    () =>
      db
        .select()
        .from(collateralDeposits)
        .where(inArray(collateralDeposits.applicationUuid, ids))
        .orderBy(asc(collateralDeposits.transactionTime), asc(collateralDeposits.firstSeenAt)),
    () =>
      db
        .select()
        .from(collateralReleaseRequests)
        .where(inArray(collateralReleaseRequests.applicationUuid, ids))
        .orderBy(asc(collateralReleaseRequests.createdAt)),
  ]);
  for (const account of accounts) {
    const entry = records.get(account.applicationUuid);
    if (entry !== undefined) entry.account = account;
  }
  for (const deposit of deposits) records.get(deposit.applicationUuid)?.deposits.push(deposit);
  for (const release of releases) records.get(release.applicationUuid)?.releases.push(release);
  return records;
}

export async function loadCollateralRecordsOf(
  db: TDb,
  appUuid: string,
): Promise<TCollateralRecords> {
  const records = (await loadCollateralRecords(db, [appUuid])).get(appUuid);
  return records ?? { account: undefined, deposits: [], releases: [] };
}

export async function findCollateralAccount(
  db: TDb,
  appUuid: string,
): Promise<TCollateralAccountRow | undefined> {
  const [account] = await db
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, appUuid));
  return account;
}

function transactionOf(deposit: TCollateralDepositRow): TCollateralTransaction {
  return {
    transactionTime: deposit.transactionTime.toISOString(),
    transactionType: 'DEPOSIT',
    transactionAmount: coinText(deposit.amount),
    // Balance-watched movements (ETH) have no single transaction hash.
    transactionHash: deposit.txid.startsWith('balance:') ? null : deposit.txid,
    confirmed: deposit.confirmedAt !== null,
  };
}

/** The latest release request is the one in force; every request has its answer. */
export function releaseRequestView(release: TCollateralReleaseRow) {
  return {
    requestId: release.id,
    address: release.address,
    scheduledFor: release.scheduledFor.toISOString(),
  };
}

function releaseViews(releases: readonly TCollateralReleaseRow[]) {
  const latest = releases[releases.length - 1];
  return {
    collateralReleaseRequest: latest === undefined ? null : releaseRequestView(latest),
    collateralReleaseResponses: releases.map((release) => ({
      id: release.id,
      result: release.result,
    })),
  };
}

export function toCollateralInfo(input: {
  terms: TCollateralTerms;
  price: { priceCents: number; asOf: Date };
  records: TCollateralRecords;
}): TCollateralInfo {
  const { terms, records } = input;
  const { account } = records;
  const balance = confirmedBalance(records.deposits);
  const amount = (coinQuantity: string) => ({ coinQuantity, type: terms.type });
  return {
    requiredCoinAmount: amount(terms.requiredCoinQuantity),
    remainingCoinAmountDue: amount(remainingCoinDue(terms.requiredCoinQuantity, balance)),
    collateralPrice: {
      type: terms.type,
      valueOfOne: centsToUsd(input.price.priceCents),
      priceAsOf: input.price.asOf.toISOString(),
    },
    wallet:
      account?.depositAddress == null
        ? null
        : {
            depositAddress: account.depositAddress,
            currentTotalCoinBalance: amount(balance),
            transactions: records.deposits.map(transactionOf),
          },
    walletSourceType: account?.walletSourceType ?? DEFAULT_WALLET_SOURCE_TYPE,
    borrowerConfirmedAt: account?.borrowerConfirmedAt?.toISOString() ?? null,
    microDepositVerify: {
      borrowerOptIn: account?.microDepositOptedInAt != null,
      minVerifyAmount: amount(minVerifyCoinQuantity(terms.type)),
      optedInAt: account?.microDepositOptedInAt?.toISOString() ?? null,
    },
    ...releaseViews(records.releases),
  };
}

/**
 * The collateral of many applications for the application entity: priced at the offer's own
 * quote (the list stays one query per table and never waits for a market); the collateral
 * endpoints quote the current price.
 */
export async function collateralViewsByApplication(
  db: TDb,
  rows: readonly { uuid: string; state?: TApplicationRow['state'] }[],
  offers: ReadonlyMap<string, TOfferRow>,
): Promise<Map<string, TCollateralInfo>> {
  const withOffer = rows.filter((row) => offers.has(row.uuid));
  const records = await loadCollateralRecords(
    db,
    withOffer.map((row) => row.uuid),
  );
  const remainders = await liquidationRemainders(
    db,
    withOffer.filter((row) => row.state === 'COMPLETE').map((row) => row.uuid),
  );
  const views = new Map<string, TCollateralInfo>();
  for (const row of withOffer) {
    const offer = offers.get(row.uuid);
    const record = records.get(row.uuid);
    if (offer === undefined || record === undefined) continue;
    const info = toCollateralInfo({
      terms: termsOf(offer),
      price: { priceCents: offer.priceCents, asOf: offer.priceAsOf },
      records: record,
    });
    // A paid-off loan carries its payoff: the dashboard shows the same hold as the release page.
    const payoff =
      row.state === 'PAID_OFF' || row.state === 'COLLATERAL_RELEASED'
        ? await readPayoff(db, row.uuid)
        : undefined;
    views.set(
      row.uuid,
      payoff === undefined
        ? await withLiquidationRemainder(db, row.uuid, info, remainders.get(row.uuid) ?? null)
        : { ...info, payoff },
    );
  }
  return views;
}
