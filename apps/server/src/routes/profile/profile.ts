import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { getConsentTypes, getProfile, putProfile } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError, UNAUTHENTICATED } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { listConsentTypes } from '../../services/profile/list-consent-types.js';
import { readProfile } from '../../services/profile/read-profile.js';
import { saveProfile } from '../../services/profile/save-profile.js';

/** The borrower the 'bearer' pre-handler verified: a profile is only ever the caller's own. */
function borrowerOf(request: FastifyRequest): string {
  if (request.principal === null) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  return request.principal.identityUuid;
}

export const profileRoutes: FastifyPluginAsync<{ db: TDb; fieldCipher: TFieldCipher }> = async (
  app,
  { db, fieldCipher },
) => {
  route(app, getProfile, ({ request }) => readProfile(db, fieldCipher, borrowerOf(request)));
  route(app, putProfile, ({ body, request }) =>
    saveProfile(db, fieldCipher, { identityUuid: borrowerOf(request), body }),
  );
  route(app, getConsentTypes, ({ request }) => listConsentTypes(db, borrowerOf(request)));
};
