/**
 * The final-steps checklist of /{appUuid}/next-steps (document 1 §3, §4), computed from the
 * application. The identity and disbursement rows start NOT_STARTED: they move once an ID is
 * uploaded or a payout account given, which the identity and disbursement services record.
 */
import type { TFinalSteps } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { disbursementStepStatus } from '../disbursement/disbursement-status.js';
import { hasCollateralActivity } from '../collateral/collateral-activity.js';
import { identityStepStatus } from '../identity-documents/identity-step-status.js';
import { renewalFinalSteps } from '../renewal/renewal-final-steps.js';
import { findOwnedApplication } from './application-record.js';
import { finalStepsOf } from './final-steps.js';

export async function getFinalSteps(
  db: TDb,
  input: { identityUuid: string; appUuid: string },
): Promise<TFinalSteps> {
  const application = await findOwnedApplication(db, input.identityUuid, input.appUuid);
  if (application.isRollForward) return renewalFinalSteps(db, application);
  return finalStepsOf(application, {
    identity: await identityStepStatus(db, application),
    disbursement: await disbursementStepStatus(db, application),
    hasCollateralActivity: await hasCollateralActivity(db, application.uuid),
  });
}
