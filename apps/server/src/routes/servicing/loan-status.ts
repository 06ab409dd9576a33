import type { FastifyPluginAsync } from 'fastify';
import { getLoanStatus } from '@pledge/contract';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { listLoanStatuses } from '../../services/servicing/list-loan-statuses.js';
import { callerUuidOf } from '../../http/auth.js';

export const servicingRoutes: FastifyPluginAsync<{
  db: TDb;
  clock: TClock;
  prices?: TPricesPort;
}> = async (app, { db, clock, prices }) => {
  route(app, getLoanStatus, ({ request }) =>
    listLoanStatuses(db, callerUuidOf(request), clock(), prices),
  );
};
