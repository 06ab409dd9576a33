import type { TOffer } from '@pledge/contract';
import { findOwnedApplication, type TApplicationDeps } from '../applications/application-record.js';
import { openOffersByApplication } from './offer-record.js';

/** The offers open on the borrower's application: neither accepted, replaced nor expired. */
export async function listOffers(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string },
): Promise<TOffer[]> {
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const open = await openOffersByApplication(deps.db, [application.uuid], deps.clock());
  return open.get(application.uuid) ?? [];
}
