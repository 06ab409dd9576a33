import { deliverEmail, type TDeliverEmailDeps } from '../../services/email/deliver-email.js';
import { deliverEmailJob } from '../definitions/deliver-email.js';
import { registerJob } from '../job-definition.js';

export function deliverEmailHandler(deps: TDeliverEmailDeps) {
  return registerJob(deliverEmailJob, (payload, context) =>
    deliverEmail(deps, payload.outboxId, context),
  );
}
