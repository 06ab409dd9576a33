import type { TOffer } from '@pledge/contract';
import { findOwnedApplication, type TApplicationDeps } from '../applications/application-record.js';
import type { TOpenOffersCache } from './open-offers-cache.js';
import { openOffersByApplication } from './offer-record.js';

/**
 * The offers open on the borrower's application: neither accepted, replaced nor expired. Another
 * borrower's application is a 404, never a cached answer (the cache is per borrower).
 */
export async function listOffers(
  deps: TApplicationDeps & { openOffers?: TOpenOffersCache },
  input: { identityUuid: string; appUuid: string },
): Promise<TOffer[]> {
  const kept = deps.openOffers?.get(input.identityUuid, input.appUuid);
  if (kept !== undefined) return kept;
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const open = await openOffersByApplication(deps.db, [application.uuid], deps.clock());
  const offers = open.get(application.uuid) ?? [];
  deps.openOffers?.set(input.identityUuid, input.appUuid, offers);
  return offers;
}
