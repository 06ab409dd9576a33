/**
 * Collateral as the API shows it (document 1 §3 "Collateral info"): what the accepted offer
 * requires, the deposit wallet with its confirmed balance and movements, the optional test deposit,
 * the release requests of a paid-off loan, and what a payoff or a liquidation left to return.
 */
import type { TCollateralInfo, TCollateralTransaction } from '@pledge/contract';
import { centsToUsd, DEFAULT_WALLET_SOURCE_TYPE, remainingCoinDue } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import type { TApplicationRow } from '../applications/application-record.js';
import type { TOfferRow } from '../offers/offer-record.js';
import { readPayoff } from '../ops/payoff-record.js';
import {
  coinText,
  confirmedBalance,
  loadCollateralRecords,
  termsOf,
  type TCollateralDepositRow,
  type TCollateralRecords,
  type TCollateralReleaseRow,
  type TCollateralTerms,
} from './collateral-record.js';
import { liquidationRemainders, withLiquidationRemainder } from './liquidated-collateral.js';
import { minVerifyCoinQuantity } from './micro-deposit.js';

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
