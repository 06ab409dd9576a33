import { actors } from '../../services/applications/apply-transition.js';
import {
  reviewIdentityDocument,
  type TReviewDeps,
} from '../../services/identity-documents/review-identity-document.js';
import { identityAutoReviewJob } from '../definitions/identity-auto-review.js';
import { registerJob } from '../job-definition.js';

export function identityAutoReviewHandler(deps: TReviewDeps) {
  return registerJob(identityAutoReviewJob, async (payload) => {
    await reviewIdentityDocument(deps, {
      documentUuid: payload.documentUuid,
      decision: 'APPROVED',
      reason: null,
      reviewer: actors.system('sandbox-auto-review'),
    });
  });
}
