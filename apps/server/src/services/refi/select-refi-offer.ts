/** POST R/applications/{appUuid}/select-offer: choose the refinancing offer (its treatment). */
import type { TRefinancingApplication } from '@pledge/contract';
import type { TApplicationDeps } from '../applications/application-record.js';
import { chooseRefiOffer } from './refi-offer-choice.js';
import { findOwnedRefi, toRefiView } from './refi-record.js';

export async function selectRefiOffer(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string; offerUuid: string },
): Promise<TRefinancingApplication> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const { application } = await findOwnedRefi(tx, input.identityUuid, input.appUuid, {
      lock: true,
    });
    return chooseRefiOffer(tx, {
      application,
      offerUuid: input.offerUuid,
      identityUuid: input.identityUuid,
      now,
    });
  });
  return toRefiView(deps.db, row, now);
}
