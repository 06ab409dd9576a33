/**
 * What a renewal's documents say of the loan it renews: which loan (its id, when it was funded and
 * when it matures, the Celsius loans it refinanced if it is a refinancing), the coins of its own
 * that are carried over and the top-up the renewal adds; and the chain of loans a renewal goes back
 * through (a renewal of a renewal … of a new loan or a refinancing), whose first application is
 * the one its borrower was underwritten on.
 */
import { toCoinQuantity } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, servicingLoans } from '../../db/schema/index.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { coinText } from '../collateral/collateral-record.js';
import { loanIdsByApplication } from '../refi/refi-record.js';

export interface TRenewedLoanFacts {
  loanUuid: string;
  /** YYYY-MM-DD */
  fundedOn: string;
  /** YYYY-MM-DD: the renewal completes by the end of this day or not at all. */
  maturityDate: string;
  /** The Celsius loans the renewed loan refinanced; empty for any other loan. */
  celsiusLoanIds: string[];
  /** The loan's own coins the renewal pledges again (its offer's collateral less the top-up). */
  loanCollateralUnits: string;
  /** The coins the renewal adds ("0" when none). */
  topUpCoinQuantity: string;
}

/** The facts of the loan a renewal renews; null for any other application. */
export async function renewedLoanFacts(
  db: TDb,
  renewal: TApplicationRow,
  pledgedCollateralUnits: string,
): Promise<TRenewedLoanFacts | null> {
  const loanUuid = renewal.renewsApplicationUuid;
  if (!renewal.isRollForward || loanUuid === null) return null;
  const [loan] = await db
    .select({ isCelsiusRefi: applications.isCelsiusRefi })
    .from(applications)
    .where(eq(applications.uuid, loanUuid));
  const [servicing] = await db
    .select({ fundedOn: servicingLoans.fundedOn, maturityDate: servicingLoans.maturityDate })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loanUuid));
  if (loan === undefined || servicing === undefined) return null;
  const topUp = coinText(renewal.topUpCoinQuantity ?? '0');
  return {
    loanUuid,
    fundedOn: servicing.fundedOn,
    maturityDate: servicing.maturityDate,
    celsiusLoanIds: loan.isCelsiusRefi
      ? ((await loanIdsByApplication(db, [loanUuid])).get(loanUuid) ?? [])
      : [],
    loanCollateralUnits: toCoinQuantity(pledgedCollateralUnits)
      .minus(toCoinQuantity(topUp))
      .toFixed(),
    topUpCoinQuantity: topUp,
  };
}

/**
 * The application and every loan it renews, back to the first (at most `limit` links): the
 * application first, the one its borrower was underwritten on last.
 */
export async function renewalChainOf(
  db: TDb,
  application: Pick<TApplicationRow, 'uuid' | 'renewsApplicationUuid' | 'isCelsiusRefi'>,
  limit = 50,
): Promise<{ uuid: string; isCelsiusRefi: boolean }[]> {
  const chain = [{ uuid: application.uuid, isCelsiusRefi: application.isCelsiusRefi }];
  let next = application.renewsApplicationUuid;
  while (next !== null && chain.length < limit) {
    const [row] = await db
      .select({
        uuid: applications.uuid,
        isCelsiusRefi: applications.isCelsiusRefi,
        renewsApplicationUuid: applications.renewsApplicationUuid,
      })
      .from(applications)
      .where(eq(applications.uuid, next));
    if (row === undefined) break;
    chain.push({ uuid: row.uuid, isCelsiusRefi: row.isCelsiusRefi });
    next = row.renewsApplicationUuid;
  }
  return chain;
}
