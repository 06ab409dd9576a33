/**
 * The payout destination of an application, as stored and as the API shows it, and the one way it
 * is written: under the application's row lock, unchanged when the same submission comes again,
 * otherwise replaced together with an audit event.
 */
import type { TDisbursement } from '@pledge/contract';
import { stageOf } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, disbursementAccounts } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { lockOwnedApplication, type TApplicationRow } from '../applications/application-record.js';
import { actors } from '../applications/apply-transition.js';
import { advanceFundingIfReady } from './verify-funding.js';
import { isRefusedHolderNameAwaitingRelease } from './holder-name-review.js';

export type TDisbursementRow = typeof disbursementAccounts.$inferSelect;
export type TDisbursementValues = Omit<
  typeof disbursementAccounts.$inferInsert,
  'applicationUuid' | 'submissionDigest' | 'version' | 'createdAt' | 'updatedAt'
>;

/** What the disbursement use cases need. */
export interface TDisbursementDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
}

/** audit_events.entity_type of payout destinations. */
export const DISBURSEMENT_ENTITY = 'disbursement';

const SUBMISSION_DIGEST_PURPOSE = 'disbursement-submission';
export const ACCOUNT_NUMBER_INDEX_PURPOSE = 'disbursement-account-number';

export const accountNumberContext = (appUuid: string) =>
  `disbursement_accounts.account_number:${appUuid}`;
export const holderNameContext = (appUuid: string) =>
  `disbursement_accounts.holder_name:${appUuid}`;

/** Last digits of an account number, as the API shows it. */
export function accountNumberMaskOf(accountNumber: string): string {
  return accountNumber.slice(-4);
}

export function toDisbursementView(cipher: TFieldCipher, row: TDisbursementRow): TDisbursement {
  return {
    method: row.method,
    accountType: row.accountType,
    accountNumberMask: row.accountNumberMask,
    routingNumber: row.routingNumber,
    accountHolderName:
      row.accountHolderNameSealed === null
        ? null
        : cipher.decryptText(row.accountHolderNameSealed, holderNameContext(row.applicationUuid)),
    walletAddress: row.walletAddress,
    chain: row.chain,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Whether the payout destination may be given or changed in this state: from signing until the
 * collateral is verified. Later the money is on its way (or the test transfer went to the wallet).
 */
function assertDestinationEditable(application: TApplicationRow): void {
  if (application.isRollForward) {
    throw new HttpError(
      409,
      'DISBURSEMENT_NOT_REQUIRED',
      'A renewal pays out no new funds, so it needs no disbursement account.',
    );
  }
  if (
    stageOf(application.state) !== 'PROCESSING' &&
    application.state !== 'CRYPTO_FUNDING_VERIFY'
  ) {
    throw new HttpError(
      409,
      'DISBURSEMENT_LOCKED',
      'The disbursement account cannot be changed at this point of the application.',
    );
  }
}

export function assertResidency(
  application: TApplicationRow,
  expected: 'UNITED_STATES' | 'INTERNATIONAL',
): void {
  if (expected === 'UNITED_STATES' && application.isInternational) {
    throw new HttpError(
      409,
      'DISBURSEMENT_METHOD_NOT_AVAILABLE',
      'International loans are paid out in USDC: give a USDC wallet address.',
    );
  }
  if (expected === 'INTERNATIONAL' && !application.isInternational) {
    throw new HttpError(
      409,
      'DISBURSEMENT_METHOD_NOT_AVAILABLE',
      'US loans are paid out to a bank account: link one or enter its details.',
    );
  }
}

export interface TSaveDestinationInput {
  identityUuid: string;
  appUuid: string;
  /** A stable text of what was submitted (only its keyed digest is kept). */
  submission: string;
  /** Checks of the locked application beyond the common ones (residency…). */
  check: (application: TApplicationRow, tx: TDb) => Promise<TDisbursementValues>;
  /** Runs in the same transaction after a change (a verification waiting for the wallet…). */
  afterChange?: (tx: TDb, application: TApplicationRow) => Promise<unknown>;
}

/** Saves the destination once: a repeated submission answers the record already there. */
export async function saveDestination(
  deps: TDisbursementDeps,
  input: TSaveDestinationInput,
): Promise<TDisbursement> {
  const digest = deps.cipher.blindIndex(
    `${input.appUuid}\u0000${input.submission}`,
    SUBMISSION_DIGEST_PURPOSE,
  );
  const row = await deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const [existing] = await tx
      .select()
      .from(disbursementAccounts)
      .where(eq(disbursementAccounts.applicationUuid, application.uuid));
    if (existing?.submissionDigest === digest) {
      // A retry after the collateral arrived still moves the loan on.
      await advanceFundingIfReady(
        tx,
        application,
        deps.clock(),
        actors.borrower(input.identityUuid),
      );
      return existing;
    }
    // An account an agent refused (holder name) is replaced even while the release waits.
    if (!(await isRefusedHolderNameAwaitingRelease(tx, application))) {
      assertDestinationEditable(application);
    }
    const values = await input.check(application, tx);
    const at = deps.clock();
    const full = {
      accountType: null,
      routingNumber: null,
      accountNumberSealed: null,
      accountNumberBlindIndex: null,
      accountNumberMask: null,
      accountHolderNameSealed: null,
      bankLinkItemId: null,
      linkedAccountId: null,
      walletAddress: null,
      chain: null,
      ...values,
      submissionDigest: digest,
      updatedAt: at,
    };
    const [saved] = await tx
      .insert(disbursementAccounts)
      .values({ ...full, applicationUuid: application.uuid, createdAt: at })
      .onConflictDoUpdate({
        target: disbursementAccounts.applicationUuid,
        set: { ...full, version: (existing?.version ?? 0) + 1 },
      })
      .returning();
    if (saved === undefined) throw new Error('The disbursement account was not saved');
    await tx.insert(auditEvents).values({
      entityType: DISBURSEMENT_ENTITY,
      entityId: application.uuid,
      actor: actors.borrower(input.identityUuid),
      fromState: existing?.method ?? null,
      toState: saved.method,
      reason:
        existing === undefined ? 'disbursement account given' : 'disbursement account changed',
      at,
    });
    await input.afterChange?.(tx, application);
    // The collateral may have arrived first: the destination is then the last piece.
    await advanceFundingIfReady(tx, application, at, actors.borrower(input.identityUuid));
    return saved;
  });
  return toDisbursementView(deps.cipher, row);
}
