/**
 * The sandbox's legacy loan tape (DESIGN §3), priced against the sandbox's default prices (BTC
 * $60,000, ETH $3,000): 100001 BTC at 40% LTV (eligible, no top-up); 100002 ETH at 62% (custody-only
 * needs a top-up to 55%, ownership transfer none); 100003 BTC at 68%; 100004 below the minimum loan
 * amount; 100005 no valid passport; 100006 in a state we do not serve. These rows answer every
 * signed-in borrower of the sandbox (tape-match.ts). Idempotent.
 */
import type { TDb } from '../../db/pool.js';
import { refiTapeLoans } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { tapeEmailValues } from './tape-email.js';

const SANDBOX_EMAIL = 'sandbox-tape@celsius.example';

export const SANDBOX_TAPE = [
  {
    loanId: '100001',
    collateralType: 'BTC',
    collateralQuantity: '1',
    principalCents: 2_400_000,
    jurisdiction: 'US-NY',
    passportOnFile: true,
  },
  {
    loanId: '100002',
    collateralType: 'ETH',
    collateralQuantity: '10',
    principalCents: 1_860_000,
    jurisdiction: 'US-CA',
    passportOnFile: true,
  },
  {
    loanId: '100003',
    collateralType: 'BTC',
    collateralQuantity: '0.5',
    principalCents: 2_040_000,
    jurisdiction: 'US-FL',
    passportOnFile: true,
  },
  {
    loanId: '100004',
    collateralType: 'BTC',
    collateralQuantity: '0.1',
    principalCents: 100_000,
    jurisdiction: 'US-NY',
    passportOnFile: true,
  },
  {
    loanId: '100005',
    collateralType: 'BTC',
    collateralQuantity: '1',
    principalCents: 2_000_000,
    jurisdiction: 'US-NY',
    passportOnFile: false,
  },
  {
    loanId: '100006',
    collateralType: 'BTC',
    collateralQuantity: '1',
    principalCents: 2_000_000,
    jurisdiction: 'US-IL',
    passportOnFile: true,
  },
] as const;

export async function seedRefiTape(db: TDb, cipher: TFieldCipher): Promise<void> {
  await db
    .insert(refiTapeLoans)
    .values(
      SANDBOX_TAPE.map((loan) => ({
        ...loan,
        source: 'SANDBOX' as const,
        ...tapeEmailValues(cipher, loan.loanId, SANDBOX_EMAIL),
        custodyArrangement: 'CUSTODY' as const,
        status: 'OPEN' as const,
      })),
    )
    .onConflictDoNothing({ target: refiTapeLoans.loanId });
}
