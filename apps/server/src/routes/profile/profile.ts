import type { FastifyPluginAsync } from 'fastify';
import { getConsentTypes, getProfile, putProfile } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { listConsentTypes } from '../../services/profile/list-consent-types.js';
import { readProfile } from '../../services/profile/read-profile.js';
import { saveProfile } from '../../services/profile/save-profile.js';
import { callerUuidOf } from '../../http/auth.js';

export const profileRoutes: FastifyPluginAsync<{ db: TDb; fieldCipher: TFieldCipher }> = async (
  app,
  { db, fieldCipher },
) => {
  route(app, getProfile, ({ request }) => readProfile(db, fieldCipher, callerUuidOf(request)));
  route(app, putProfile, ({ body, request }) =>
    saveProfile(db, fieldCipher, { identityUuid: callerUuidOf(request), body }),
  );
  route(app, getConsentTypes, ({ request }) => listConsentTypes(db, callerUuidOf(request)));
};
