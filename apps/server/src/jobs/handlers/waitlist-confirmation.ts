import {
  sendWaitlistConfirmation,
  type TWaitlistConfirmationDeps,
} from '../../services/waitlist/send-waitlist-confirmation.js';
import { waitlistConfirmationJob } from '../definitions/waitlist-confirmation.js';
import { registerJob } from '../job-definition.js';

export function waitlistConfirmationHandler(deps: TWaitlistConfirmationDeps) {
  return registerJob(waitlistConfirmationJob, (payload) =>
    sendWaitlistConfirmation(deps, payload.waitlistId),
  );
}
