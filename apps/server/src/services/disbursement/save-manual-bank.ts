/**
 * A typed-in bank account for the ACH payout of a US loan (document 1 §5): the account number is
 * sealed, indexed by a keyed digest and answered only as its last digits. A holder name that is not
 * the one the application was underwritten on holds the account for an agent's review.
 */
import type { TDisbursement, TPostManualBankBody } from '@pledge/contract';
import {
  ACCOUNT_NUMBER_INDEX_PURPOSE,
  accountNumberContext,
  accountNumberMaskOf,
  assertResidency,
  holderNameContext,
  saveDestination,
  type TDisbursementDeps,
} from './disbursement-record.js';
import { reviewHolderNameIfNeeded } from './holder-name-review.js';

export async function saveManualBank(
  deps: TDisbursementDeps,
  input: { identityUuid: string; appUuid: string; body: TPostManualBankBody },
): Promise<TDisbursement> {
  const { routingNumber, accountNumber, firstName, lastName } = input.body;
  const holderName = `${firstName} ${lastName}`;
  return saveDestination(deps, {
    identityUuid: input.identityUuid,
    appUuid: input.appUuid,
    submission: JSON.stringify(['MANUAL_BANK', routingNumber, accountNumber, firstName, lastName]),
    check: async (application) => {
      assertResidency(application, 'UNITED_STATES');
      return {
        method: 'MANUAL_BANK',
        // A typed-in account does not say its kind; ACH payouts to it go as checking.
        accountType: 'CHECKING',
        routingNumber,
        accountNumberSealed: deps.cipher.encryptText(
          accountNumber,
          accountNumberContext(application.uuid),
        ),
        accountNumberBlindIndex: deps.cipher.blindIndex(
          `${routingNumber}:${accountNumber}`,
          ACCOUNT_NUMBER_INDEX_PURPOSE,
        ),
        accountNumberMask: accountNumberMaskOf(accountNumber),
        accountHolderNameSealed: deps.cipher.encryptText(
          holderName,
          holderNameContext(application.uuid),
        ),
      };
    },
    afterChange: (tx, application) =>
      reviewHolderNameIfNeeded(tx, deps.cipher, {
        appUuid: application.uuid,
        identityUuid: application.identityUuid,
        holder: { firstName, lastName },
        at: deps.clock(),
      }),
  });
}
