import { actors } from '../../services/applications/apply-transition.js';
import {
  reviewIdentityDocument,
  type TReviewDeps,
} from '../../services/identity-documents/review-identity-document.js';
import { identityAutoReviewJob } from '../definitions/identity-auto-review.js';
import { registerSandboxOnlyJob } from '../job-definition.js';

/** Approves as an agent would: only ever in the sandbox (refused outside it, with no effect). */
export function identityAutoReviewHandler(deps: TReviewDeps & { sandbox: boolean }) {
  return registerSandboxOnlyJob(identityAutoReviewJob, deps, async (payload) => {
    await reviewIdentityDocument(deps, {
      documentUuid: payload.documentUuid,
      decision: 'APPROVED',
      reason: null,
      reviewer: actors.system('sandbox-auto-review'),
    });
  });
}
