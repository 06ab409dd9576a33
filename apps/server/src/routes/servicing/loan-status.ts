import type { FastifyPluginAsync } from 'fastify';
import { getLoanStatus } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { listLoanStatuses } from '../../services/servicing/list-loan-statuses.js';
import { borrowerOf } from '../leap/applications.js';

export const servicingRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getLoanStatus, ({ request }) => listLoanStatuses(db, borrowerOf(request)));
};
