/**
 * Collateral as stored (document 1 §3 "Collateral info"): what the accepted offer requires, the
 * deposit wallet with its deposits, and the release requests of a paid-off loan. The API's view of
 * it, which reads liquidations and payoffs too, is collateral-view.ts.
 */
import { toCoinQuantity, type TCollateralType } from '@pledge/domain';
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
