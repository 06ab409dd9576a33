/**
 * A loan's collateral proof as the chain watcher recorded it: the deposit address with its
 * explorer link, every movement in and out (newest first), the last confirmed balance with its
 * block height and read time, and whether it covers what the ledger says the loan holds now. The
 * same for the borrower and for the public link: nothing in it names the borrower or what they owe.
 */
import type { TCollateralProof, TCollateralProofMovement } from '@pledge/contract';
import {
  collateralProofStatus,
  COLLATERAL_PROOF_MAX_MOVEMENTS,
  explorerAddressUrl,
  explorerTransactionUrl,
  toCoinQuantity,
  type TChainNetwork,
  type TCollateralType,
} from '@pledge/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { readAll, type TDb } from '../../db/pool.js';
import {
  collateralAccounts,
  collateralAddressBalances,
  collateralDeposits,
  collateralWithdrawals,
} from '../../db/schema/index.js';
import { collateralAttestationFor } from '../../brands/brands.js';
import { coinText, collateralNotFound } from './collateral-record.js';
import { expectedCoinsOf } from './record-address-reading.js';

export async function collateralProofOf(
  db: TDb,
  input: { appUuid: string; orgCode: string; network: TChainNetwork },
): Promise<TCollateralProof> {
  const { appUuid, network } = input;
  const [accounts, balances, deposits, withdrawals] = await readAll(db, [
    () =>
      db.select().from(collateralAccounts).where(eq(collateralAccounts.applicationUuid, appUuid)),
    () =>
      db
        .select()
        .from(collateralAddressBalances)
        .where(eq(collateralAddressBalances.applicationUuid, appUuid))
        .orderBy(asc(collateralAddressBalances.address)),
    () =>
      db
        .select()
        .from(collateralDeposits)
        .where(eq(collateralDeposits.applicationUuid, appUuid))
        .orderBy(desc(collateralDeposits.transactionTime))
        .limit(COLLATERAL_PROOF_MAX_MOVEMENTS),
    () =>
      db
        .select()
        .from(collateralWithdrawals)
        .where(eq(collateralWithdrawals.applicationUuid, appUuid))
        .orderBy(desc(collateralWithdrawals.transactionTime))
        .limit(COLLATERAL_PROOF_MAX_MOVEMENTS),
  ]);
  const account = accounts[0];
  if (account?.depositAddress == null) throw collateralNotFound();
  const type = account.collateralType as TCollateralType;
  const movement =
    (direction: TCollateralProofMovement['direction']) =>
    (row: (typeof deposits)[number]): TCollateralProofMovement => ({
      direction,
      txid: row.txid,
      amount: coinText(row.amount),
      confirmations: row.confirmations,
      isConfirmed: row.confirmedAt !== null,
      time: row.transactionTime.toISOString(),
      explorerUrl: explorerTransactionUrl(network, type, row.txid),
    });
  const movements = [
    ...deposits.map(movement('DEPOSIT')),
    ...withdrawals.map(movement('WITHDRAWAL')),
  ]
    .sort((a, b) => b.time.localeCompare(a.time) || a.txid.localeCompare(b.txid))
    .slice(0, COLLATERAL_PROOF_MAX_MOVEMENTS);
  const balance =
    balances.length === 0
      ? null
      : {
          confirmedBalance: coinText(
            balances
              .reduce(
                (sum, row) => sum.plus(toCoinQuantity(row.confirmedBalance)),
                toCoinQuantity('0'),
              )
              .toFixed(),
          ),
          // Several addresses are read one by one: the proof vouches for the oldest read.
          blockHeight: Math.min(...balances.map((row) => row.balanceHeight)),
          tipHeight: Math.min(...balances.map((row) => row.tipHeight)),
          readAt: new Date(Math.min(...balances.map((row) => row.readAt.getTime()))).toISOString(),
        };
  const expectedCoins = await expectedCoinsOf(db, appUuid);
  const brand = collateralAttestationFor(input.orgCode);
  return {
    collateralType: type,
    network,
    addresses: [
      {
        address: account.depositAddress,
        explorerUrl: explorerAddressUrl(network, type, account.depositAddress),
      },
    ],
    status: collateralProofStatus({
      confirmedBalance: balance?.confirmedBalance ?? null,
      expectedCoins,
    }),
    balance,
    movements,
    companyName: brand.companyName,
    attestation: brand.attestation,
  };
}
