/**
 * The international borrower confirms that the USDC test transfer arrived (document 1 §4): the
 * application moves to MANUAL_FUNDING_RELEASE. A repeated confirmation answers the application as
 * it is.
 */
import type { TApplication, TPostMicroTransferConfirmationBody } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { usdcTestTransfers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { toApplicationView } from '../applications/application-view.js';
import { lockOwnedApplication, type TApplicationDeps } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';

export async function confirmMicroTransfer(
  deps: TApplicationDeps,
  input: {
    identityUuid: string;
    appUuid: string;
    body: TPostMicroTransferConfirmationBody;
  },
): Promise<TApplication> {
  const at = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const [transfer] = await tx
      .select()
      .from(usdcTestTransfers)
      .where(eq(usdcTestTransfers.applicationUuid, application.uuid));
    if (transfer === undefined) {
      throw new HttpError(
        409,
        'NO_TEST_TRANSFER',
        'No USDC test transfer has been sent for this application yet.',
      );
    }
    if (transfer.confirmedAt !== null) return application;
    if (application.state !== 'BORROWER_MICRO_DEPOSIT_CONFIRM') {
      throw new HttpError(
        409,
        'INVALID_STATE',
        'The test transfer cannot be confirmed at this point of the application.',
      );
    }
    await tx
      .update(usdcTestTransfers)
      .set({ confirmedAt: at })
      .where(eq(usdcTestTransfers.applicationUuid, application.uuid));
    const { application: moved } = await applyTransition(tx, {
      appUuid: application.uuid,
      event: 'MICRO_DEPOSIT_CONFIRMED',
      actor: actors.borrower(input.identityUuid),
      reason: 'USDC test transfer confirmed by the borrower',
      at,
    });
    return moved;
  });
  return toApplicationView(deps.db, row, at);
}
