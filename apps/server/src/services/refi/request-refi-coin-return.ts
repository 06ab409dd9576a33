/**
 * POST R/applications/{appUuid}/collateral/celsius-refi-coin-return {returnAddress}: where the coins
 * an ended refinancing received go back to. The server holds no spending key: the request is the
 * instruction to the custody operators, and two agents record the withdrawal (REFI_COIN_RETURN, a
 * controlled action). The address is checked for the refinancing's coin; the same address again
 * answers the request as it stands; another address is refused once one was given, as are coins
 * already returned or carried on to a new refinancing of the same loan. Nothing is written on a
 * refusal.
 */
import type { TRefinancingApplication } from '@pledge/contract';
import {
  INVALID_RETURN_ADDRESS_MESSAGE,
  makeReturnAddressSchema,
  refiCoinReturnRefusal,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { auditEvents, collateralDeposits, refiCoinReturns } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { actors } from '../applications/apply-transition.js';
import { REFI_COIN_RETURN_ENTITY, noteRefiCoinsToReturn } from './refi-coin-return-record.js';
import type { TRefiDeps } from './refi-deps.js';
import { findOwnedRefi, rereadApplication, toRefiView } from './refi-record.js';

export async function requestRefiCoinReturn(
  deps: Pick<TRefiDeps, 'db' | 'clock'>,
  input: { identityUuid: string; appUuid: string; returnAddress: string },
): Promise<TRefinancingApplication> {
  const now = deps.clock();
  const actor = actors.borrower(input.identityUuid);
  const row = await deps.db.transaction(async (tx) => {
    // Locked: two requests at once are decided one after the other.
    const { application, refi } = await findOwnedRefi(tx, input.identityUuid, input.appUuid, {
      lock: true,
    });
    const checked = makeReturnAddressSchema(refi.collateralType).safeParse({
      returnAddress: input.returnAddress,
    });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? INVALID_RETURN_ADDRESS_MESSAGE;
      throw new HttpError(400, 'INVALID_RETURN_ADDRESS', message, { returnAddress: [message] });
    }
    const address = checked.data.returnAddress;
    await noteRefiCoinsToReturn(tx, { appUuid: application.uuid, actor, now });
    const [current] = await tx
      .select()
      .from(refiCoinReturns)
      .where(eq(refiCoinReturns.applicationUuid, application.uuid))
      .for('update');
    const [deposit] = await tx
      .select({ id: collateralDeposits.id })
      .from(collateralDeposits)
      .where(eq(collateralDeposits.applicationUuid, application.uuid))
      .limit(1);
    const refusal = refiCoinReturnRefusal({
      state: application.state,
      status: current?.status ?? null,
      hasCoins: deposit !== undefined,
      requestedAddress: current?.returnAddress ?? null,
      address,
    });
    if (refusal !== null) throw new HttpError(409, refusal.code, refusal.message);
    if (current === undefined) throw new Error('The coins to return were not noted');
    // The same address again: the request as it stands, nothing recorded twice.
    if (current.status === 'REQUESTED') return application;
    await tx
      .update(refiCoinReturns)
      .set({ status: 'REQUESTED', returnAddress: address, requestedAt: now, updatedAt: now })
      .where(eq(refiCoinReturns.applicationUuid, application.uuid));
    await tx.insert(auditEvents).values({
      entityType: REFI_COIN_RETURN_ENTITY,
      entityId: application.uuid,
      actor,
      fromState: current.status,
      toState: 'REQUESTED',
      reason: `return address ${address} given for the coins of the ended refinancing`,
      at: now,
    });
    return rereadApplication(tx, application.uuid);
  });
  return toRefiView(deps.db, row, now);
}
