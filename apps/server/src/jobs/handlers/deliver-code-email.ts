import { deliverCodeEmail, type TDeliverEmailDeps } from '../../services/email/deliver-email.js';
import { deliverCodeEmailJob } from '../definitions/deliver-code-email.js';
import { registerJob } from '../job-definition.js';

export function deliverCodeEmailHandler(deps: TDeliverEmailDeps) {
  return registerJob(deliverCodeEmailJob, (payload, context) =>
    deliverCodeEmail(
      deps,
      { outboxId: payload.outboxId, expiresAt: new Date(payload.expiresAt) },
      context,
    ),
  );
}
