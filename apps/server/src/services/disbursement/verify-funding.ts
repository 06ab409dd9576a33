/**
 * Collateral verified (DESIGN §5): a domestic loan goes to MANUAL_FUNDING_RELEASE once its US bank
 * account is on record; an international one first gets a small USDC test transfer to its wallet
 * and waits in BORROWER_MICRO_DEPOSIT_CONFIRM for the borrower to confirm it arrived. Without a
 * destination on record the application stays in CRYPTO_FUNDING_VERIFY (the disbursement step stays
 * open); saving the destination then moves it on, in the same transaction. Whichever of collateral
 * and destination arrives last triggers the move.
 */
import { nextStateOrThrow, USDC_TEST_TRANSFER_AMOUNT } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { disbursementAccounts, usdcTestTransfers } from '../../db/schema/index.js';
import {
  applicationNotFound,
  lockApplicationById,
  type TApplicationRow,
} from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';

// The amount lives in the domain (the complete page states it too); re-exported for the tests
// that read it from here.
export { USDC_TEST_TRANSFER_AMOUNT };

export type TVerifyFundingOutcome =
  | 'MANUAL_FUNDING_RELEASE'
  | 'BORROWER_MICRO_DEPOSIT_CONFIRM'
  | 'WAITING_FOR_WALLET'
  | 'WAITING_FOR_DISBURSEMENT'
  | 'ALREADY_VERIFIED';

/** States past the funding check: verifying again there changes nothing. */
const VERIFIED_STATES = new Set<TApplicationRow['state']>([
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  'MANUAL_FUNDING_RELEASE',
  'COMPLETE',
  'PAID_OFF',
  'COLLATERAL_RELEASED',
]);

/**
 * Inside the caller's transaction, with the application locked: when it is international, in
 * CRYPTO_FUNDING_VERIFY and has a wallet, record the test transfer and move it on.
 */
export async function sendTestTransferIfWaiting(
  tx: TDb,
  application: TApplicationRow,
  at: Date,
  actor: string,
): Promise<boolean> {
  if (!application.isInternational || application.state !== 'CRYPTO_FUNDING_VERIFY') return false;
  const [destination] = await tx
    .select()
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, application.uuid));
  if (destination?.walletAddress == null) return false;
  await tx
    .insert(usdcTestTransfers)
    .values({
      applicationUuid: application.uuid,
      walletAddress: destination.walletAddress,
      chain: destination.chain,
      amountUsdc: USDC_TEST_TRANSFER_AMOUNT,
      sentAt: at,
    })
    .onConflictDoNothing();
  await applyTransition(tx, {
    appUuid: application.uuid,
    event: 'FUNDING_VERIFIED',
    actor,
    reason: `collateral verified; USDC test transfer of ${USDC_TEST_TRANSFER_AMOUNT} sent`,
    context: { isInternational: true },
    at,
  });
  return true;
}

/**
 * Called when confirmed deposits reach the required quantity (the application is then in
 * CRYPTO_FUNDING_VERIFY). Idempotent: a second call after the move answers ALREADY_VERIFIED.
 */
export async function verifyFunding(
  db: TDb,
  appUuid: string,
  options: { at?: Date; actor?: string } = {},
): Promise<TVerifyFundingOutcome> {
  const at = options.at ?? new Date();
  const actor = options.actor ?? actors.system('funding-verification');
  return db.transaction(async (tx) => {
    const application = await lockApplicationById(tx, appUuid);
    if (application === undefined) throw applicationNotFound();
    if (VERIFIED_STATES.has(application.state)) return 'ALREADY_VERIFIED';
    // Any other state is refused by the state machine, as for every transition.
    nextStateOrThrow(application.state, 'FUNDING_VERIFIED', {
      isInternational: application.isInternational,
    });
    return advanceFundingIfReady(tx, application, at, actor);
  });
}

/**
 * Inside the caller's transaction, with the application locked: in CRYPTO_FUNDING_VERIFY, move on
 * when the destination is there (domestic: to MANUAL_FUNDING_RELEASE; international: the test
 * transfer). Anything else is left as it is.
 */
export async function advanceFundingIfReady(
  tx: TDb,
  application: TApplicationRow,
  at: Date,
  actor: string,
): Promise<TVerifyFundingOutcome> {
  if (VERIFIED_STATES.has(application.state)) return 'ALREADY_VERIFIED';
  if (application.isInternational) {
    const sent = await sendTestTransferIfWaiting(tx, application, at, actor);
    return sent ? 'BORROWER_MICRO_DEPOSIT_CONFIRM' : 'WAITING_FOR_WALLET';
  }
  if (application.state !== 'CRYPTO_FUNDING_VERIFY') return 'WAITING_FOR_DISBURSEMENT';
  const [destination] = await tx
    .select({ method: disbursementAccounts.method })
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, application.uuid));
  if (destination === undefined || destination.method === 'USDC_WALLET') {
    return 'WAITING_FOR_DISBURSEMENT';
  }
  await applyTransition(tx, {
    appUuid: application.uuid,
    event: 'FUNDING_VERIFIED',
    actor,
    reason: 'collateral verified; disbursement account on record',
    context: { isInternational: false },
    at,
  });
  return 'MANUAL_FUNDING_RELEASE';
}
