import type { FastifyPluginAsync } from 'fastify';
import { getOpsFailedMail, postOpsRetryMail } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { listFailedMail } from '../../services/email/list-failed-mail.js';
import { retryFailedMail } from '../../services/email/retry-failed-mail.js';

/** Per client address: the list is read as agents work, retries are made by hand. */
export const OPS_OUTBOX_READS_PER_IP_PER_MINUTE = 120;
export const OPS_OUTBOX_RETRIES_PER_IP_PER_MINUTE = 30;

export const opsOutboxRoutes: FastifyPluginAsync<{ db: TDb; cipher: TFieldCipher }> = async (
  app,
  { db, cipher },
) => {
  route(app, getOpsFailedMail, () => listFailedMail({ db, cipher }), {
    rateLimit: { max: OPS_OUTBOX_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
  });
  route(
    app,
    postOpsRetryMail,
    ({ params, request }) =>
      retryFailedMail(
        { db, cipher },
        { outboxId: params.outboxId, agentUuid: callerUuidOf(request) },
      ),
    { rateLimit: { max: OPS_OUTBOX_RETRIES_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
};
