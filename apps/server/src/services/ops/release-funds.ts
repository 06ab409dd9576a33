/**
 * Releasing a loan's funds, the state change an approved release proposal makes:
 * MANUAL_FUNDING_RELEASE becomes COMPLETE (FUNDS_RELEASED). Never to a payout account whose holder
 * name is under review or was refused, and never to a borrower whose ID is not approved (checked when
 * the release is proposed and again, the application locked, when it is approved).
 */
import { fundingIdentityRefusal, holdsFundingRelease } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { applyTransition } from '../applications/apply-transition.js';
import { loanKindOf } from '../applications/loan-facts.js';
import { identityDocumentFactOf } from '../identity-documents/identity-document-fact.js';
import { currentHolderNameReview } from '../disbursement/holder-name-review.js';

export const FUNDS_RELEASED_REASON = 'funds released';

/** The 409 code of a release refused for want of an approved ID (the message is the domain's). */
export const ID_NOT_APPROVED_CODE = 'ID_NOT_APPROVED';

export const HOLDER_NAME_REVIEW_OPEN_MESSAGE =
  'The payout account’s holder name is not the borrower’s and has not been accepted: review it first.';

/** 409 unless the funds of the locked application can go out now. */
export async function assertFundsReleasable(tx: TDb, application: TApplicationRow): Promise<void> {
  if (application.state !== 'MANUAL_FUNDING_RELEASE') {
    throw new HttpError(
      409,
      'CANNOT_RELEASE_FUNDS',
      `Funds are released only once the application awaits release (MANUAL_FUNDING_RELEASE); it is in state ${application.state}.`,
    );
  }
  if (holdsFundingRelease(await currentHolderNameReview(tx, application.uuid))) {
    throw new HttpError(409, 'HOLDER_NAME_REVIEW_OPEN', HOLDER_NAME_REVIEW_OPEN_MESSAGE);
  }
  const identityRefusal = fundingIdentityRefusal({
    kind: loanKindOf(application),
    identityDocument: await identityDocumentFactOf(tx, application),
  });
  if (identityRefusal !== null) throw new HttpError(409, ID_NOT_APPROVED_CODE, identityRefusal);
}

/** Inside the caller's transaction, the application locked and checked: the loan starts. */
export async function releaseFunds(
  tx: TDb,
  input: { application: TApplicationRow; actor: string; reason: string; at: Date },
): Promise<TApplicationRow> {
  await assertFundsReleasable(tx, input.application);
  const { application } = await applyTransition(tx, {
    appUuid: input.application.uuid,
    event: 'FUNDS_RELEASED',
    actor: input.actor,
    reason: input.reason,
    at: input.at,
  });
  return application;
}
