import type { TOffer } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { findOwnedApplication } from '../applications/application-record.js';
import { offersByUuid, toOfferView } from './offer-record.js';

export const NO_SELECTED_OFFER_MESSAGE = 'No offer has been accepted on this application yet';

/** The offer the borrower accepted; 404 NO_SELECTED_OFFER before they accept one. */
export async function getSelectedOffer(
  db: TDb,
  input: { identityUuid: string; appUuid: string },
): Promise<TOffer> {
  const application = await findOwnedApplication(db, input.identityUuid, input.appUuid);
  const uuid = application.selectedOfferUuid;
  const row = uuid === null ? undefined : (await offersByUuid(db, [uuid])).get(uuid);
  if (row === undefined) throw new HttpError(404, 'NO_SELECTED_OFFER', NO_SELECTED_OFFER_MESSAGE);
  return toOfferView(row);
}
