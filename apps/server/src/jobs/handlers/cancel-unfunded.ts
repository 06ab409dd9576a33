import {
  cancelUnfundedApplications,
  type TCancelUnfundedDeps,
} from '../../services/collateral/cancel-unfunded.js';
import { cancelUnfundedJob } from '../definitions/cancel-unfunded.js';
import { registerJob } from '../job-definition.js';

export function cancelUnfundedHandler(deps: TCancelUnfundedDeps) {
  return registerJob(cancelUnfundedJob, async () => {
    await cancelUnfundedApplications(deps);
  });
}
