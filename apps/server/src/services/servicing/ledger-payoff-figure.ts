/**
 * What a loan owes today by its ledger: interest accrued to today (the accrual journal is written
 * if it is due), then the sum of its receivables. A payoff recorded by agents is for this figure
 * exactly, at proposal and again at approval, or it is refused.
 */
import { isoDay } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { accrueInterestBatch } from './accrue-interest.js';
import { balancesOf } from './ledger-store.js';

export async function ledgerPayoffFigureCents(
  tx: TDb,
  input: { loanUuid: string; now: Date },
): Promise<number> {
  await accrueInterestBatch(tx, { asOf: isoDay(input.now), loanUuid: input.loanUuid });
  return (await balancesOf(tx, input.loanUuid)).totalCents;
}
