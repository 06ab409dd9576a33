import type { FastifyPluginAsync } from 'fastify';
import { postLoanDetails } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { submitLoanDetails } from '../../services/applications/submit-loan-details.js';
import { callerApplicationOf } from '../../http/auth.js';

export const detailsRoutes: FastifyPluginAsync<{
  db: TDb;
  clock: TClock;
  cipher: TFieldCipher;
}> = async (app, deps) => {
  route(app, postLoanDetails, ({ params, body, request }) =>
    submitLoanDetails(deps, { ...callerApplicationOf(request, params), body }),
  );
};
