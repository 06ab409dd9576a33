/**
 * The payout goes to an account of a linked bank (document 1 §4, §5): only an account of the
 * caller's own linked item for this application, whose link is COMPLETE, and that belongs to a
 * person, not a business.
 */
import type { TDisbursement, TPostDisbursementAccountBody } from '@pledge/contract';
import { HttpError } from '../../http/errors.js';
import { bankLinkItemsOf } from '../bank-link/bank-link-record.js';
import { assertResidency, saveDestination, type TDisbursementDeps } from './disbursement-record.js';

export const LINKED_ACCOUNT_MESSAGES = {
  notFound: 'This account is not among your linked accounts. Link the bank again and choose it.',
  notReady: 'The bank link is not complete yet. Wait a moment and choose the account again.',
  business:
    'Business accounts cannot receive the loan. Choose a personal checking or savings account.',
  typeMismatch: 'The account type does not match the linked account.',
} as const;

export async function chooseLinkedAccount(
  deps: TDisbursementDeps,
  input: { identityUuid: string; appUuid: string; body: TPostDisbursementAccountBody },
): Promise<TDisbursement> {
  const { accountType, achAccountId } = input.body;
  return saveDestination(deps, {
    identityUuid: input.identityUuid,
    appUuid: input.appUuid,
    submission: JSON.stringify(['LINKED_ACCOUNT', accountType, achAccountId]),
    check: async (application, tx) => {
      assertResidency(application, 'UNITED_STATES');
      const items = await bankLinkItemsOf(tx, input.identityUuid, application.uuid);
      const found = items.flatMap((item) =>
        item.accounts
          .filter((account) => account.id === achAccountId)
          .map((account) => ({ item, account })),
      );
      const complete = found.find(({ item }) => item.status === 'COMPLETE');
      if (found.length === 0) {
        throw new HttpError(400, 'ACCOUNT_NOT_FOUND', LINKED_ACCOUNT_MESSAGES.notFound, {
          achAccountId: [LINKED_ACCOUNT_MESSAGES.notFound],
        });
      }
      if (complete === undefined) {
        throw new HttpError(409, 'BANK_LINK_NOT_COMPLETE', LINKED_ACCOUNT_MESSAGES.notReady);
      }
      const { item, account } = complete;
      if (account.holderCategory !== 'PERSONAL') {
        throw new HttpError(400, 'BUSINESS_ACCOUNT', LINKED_ACCOUNT_MESSAGES.business, {
          achAccountId: [LINKED_ACCOUNT_MESSAGES.business],
        });
      }
      if (account.accountType.toUpperCase() !== accountType) {
        throw new HttpError(400, 'ACCOUNT_TYPE_MISMATCH', LINKED_ACCOUNT_MESSAGES.typeMismatch, {
          accountType: [LINKED_ACCOUNT_MESSAGES.typeMismatch],
        });
      }
      return {
        method: 'LINKED_ACCOUNT',
        accountType,
        accountNumberMask: account.accountNumberMask,
        bankLinkItemId: item.id,
        linkedAccountId: account.id,
      };
    },
  });
}
