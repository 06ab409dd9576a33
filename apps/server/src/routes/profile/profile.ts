import type { FastifyPluginAsync } from 'fastify';
import { getConsentTypes, getProfile, putProfile } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { listConsentTypes } from '../../services/profile/list-consent-types.js';
import { readProfile } from '../../services/profile/read-profile.js';
import { saveProfile } from '../../services/profile/save-profile.js';
import { callerUuidOf } from '../../http/auth.js';

/** Per client address: the details and dashboard pages read the profile once per load. */
export const PROFILE_READS_PER_IP_PER_MINUTE = 120;
/** Per client address: a save is a deliberate submit; retries after field errors fit easily. */
export const PROFILE_SAVES_PER_IP_PER_MINUTE = 30;
/** Per client address: read with the profile, once per page load. */
export const CONSENT_TYPE_READS_PER_IP_PER_MINUTE = 120;

export const profileRoutes: FastifyPluginAsync<{
  db: TDb;
  fieldCipher: TFieldCipher;
  clock: TClock;
}> = async (app, { db, fieldCipher, clock }) => {
  route(app, getProfile, ({ request }) => readProfile(db, fieldCipher, callerUuidOf(request)), {
    rateLimit: { max: PROFILE_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
  });
  route(
    app,
    putProfile,
    ({ body, request }) =>
      saveProfile(db, fieldCipher, { identityUuid: callerUuidOf(request), body, now: clock() }),
    { rateLimit: { max: PROFILE_SAVES_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
  route(app, getConsentTypes, ({ request }) => listConsentTypes(db, callerUuidOf(request)), {
    rateLimit: { max: CONSENT_TYPE_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
  });
};
