/**
 * The deposit address of an application: derived once, from the next index of a database
 * sequence (never reused, even across instances), under the coin's account public key.
 */
import { eq, sql } from 'drizzle-orm';
import { isChainCoin } from '../../adapters/chain/port.js';
import type { TDb } from '../../db/pool.js';
import { collateralAccounts, DEPOSIT_ADDRESS_INDEX_SEQ } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { lockOwnedApplication } from '../applications/application-record.js';
import { acceptedOfferOf, termsOf, type TCollateralDeps } from './collateral-record.js';

/** The application's account row, created (without an address) when missing. */
export async function ensureCollateralAccount(
  tx: TDb,
  appUuid: string,
  collateralType: string,
): Promise<typeof collateralAccounts.$inferSelect> {
  await tx
    .insert(collateralAccounts)
    .values({
      applicationUuid: appUuid,
      collateralType: collateralType as (typeof collateralAccounts.$inferInsert)['collateralType'],
    })
    .onConflictDoNothing({ target: collateralAccounts.applicationUuid });
  const [account] = await tx
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, appUuid));
  if (account === undefined) throw new Error('The collateral account could not be created');
  return account;
}

/** Answers the address, deriving it on the first call; only while waiting for collateral. */
export async function ensureDepositAddress(
  deps: Pick<TCollateralDeps, 'db' | 'chain' | 'clock'>,
  input: { identityUuid: string; appUuid: string },
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    // The application lock makes two first calls derive one address between them.
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const terms = termsOf(await acceptedOfferOf(tx, application));
    const account = await ensureCollateralAccount(tx, application.uuid, terms.type);
    if (account.depositAddress !== null) return account.depositAddress;
    // A renewal's coins go to its loan's own address, which it takes over on completion: its own
    // account keeps only the borrower's choices and never gets an address.
    if (application.isRollForward && application.renewsApplicationUuid !== null) {
      const [loanAccount] = await tx
        .select({ address: collateralAccounts.depositAddress })
        .from(collateralAccounts)
        .where(eq(collateralAccounts.applicationUuid, application.renewsApplicationUuid));
      if (loanAccount?.address == null) {
        throw new HttpError(
          409,
          'COLLATERAL_NOT_EXPECTED',
          'Collateral is not being collected for this application',
        );
      }
      return loanAccount.address;
    }
    if (application.state !== 'WAITING_FOR_COLLATERAL') {
      throw new HttpError(
        409,
        'COLLATERAL_NOT_EXPECTED',
        'Collateral is not being collected for this application',
      );
    }
    if (!isChainCoin(terms.type)) {
      throw new HttpError(409, 'COLLATERAL_TYPE_UNSUPPORTED', 'This coin cannot be deposited');
    }
    // nextval is outside transactions: a rolled-back allocation leaves a gap, never a reuse.
    const result = await tx.execute<{ index: string }>(
      sql`SELECT nextval(${DEPOSIT_ADDRESS_INDEX_SEQ})::text AS index`,
    );
    const index = Number(result.rows[0]?.index);
    if (!Number.isSafeInteger(index)) throw new Error('No deposit address index was allocated');
    const address = deps.chain.depositAddress(terms.type, index);
    await tx
      .update(collateralAccounts)
      .set({ derivationIndex: index, depositAddress: address, updatedAt: deps.clock() })
      .where(eq(collateralAccounts.applicationUuid, application.uuid));
    return address;
  });
}
