/**
 * ACH debits through the bank-link provider's transfer API (Plaid Transfer, its official client):
 * /transfer/authorization/create (Plaid's risk decision; a decline is a refused debit), then
 * /transfer/create with the payment's uuid as idempotency key, and /transfer/get for the outcome.
 * Only linked accounts can be debited this way; an account typed in by number is refused (the
 * borrower pays by wire). Access tokens are never logged.
 */
import {
  ACHClass,
  Configuration,
  PlaidApi,
  PlaidEnvironments,
  TransferAuthorizationDecision,
  TransferNetwork,
  TransferStatus,
  TransferType,
} from 'plaid';
import { centsToUsdString } from '@pledge/domain';
import type { TPlaidEnvironment } from '../bank-link/real.js';
import {
  BankPaymentsUnavailableError,
  type TBankPaymentsPort,
  type TTransferStatus,
} from './port.js';

export interface TRealBankPaymentsOptions {
  clientId: string;
  secret: string;
  environment: TPlaidEnvironment;
  httpAdapter?: (config: unknown) => Promise<unknown>;
  /** Plaid's address; the environment's by default (a stand-in server in tests). */
  basePath?: string;
  timeoutMs?: number;
}

const PLAID_TIMEOUT_MS = 15_000;
/** Plaid wants the account holder's name; the statement descriptor is at most 15 characters. */
const DESCRIPTION_MAX = 15;

export function createRealBankPayments(options: TRealBankPaymentsOptions): TBankPaymentsPort {
  const basePath = options.basePath ?? PlaidEnvironments[options.environment];
  if (basePath === undefined) throw new Error(`Unknown Plaid environment ${options.environment}`);
  const client = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret },
        timeout: options.timeoutMs ?? PLAID_TIMEOUT_MS,
        ...(options.httpAdapter !== undefined ? { adapter: options.httpAdapter } : {}),
      },
    }),
  );

  async function call<T>(operation: string, work: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await work()).data;
    } catch {
      throw new BankPaymentsUnavailableError(`Plaid could not answer ${operation}`);
    }
  }

  return {
    name: 'plaid',
    async initiateDebit({ paymentUuid, amountCents, account, description }) {
      if (account.kind !== 'LINKED') {
        return { status: 'FAILED', reason: 'Only a linked bank account can be debited' };
      }
      const amount = centsToUsdString(amountCents);
      const authorization = await call('transfer authorization', () =>
        client.transferAuthorizationCreate({
          access_token: account.accessToken,
          account_id: account.accountId,
          type: TransferType.Debit,
          network: TransferNetwork.Ach,
          amount,
          ach_class: ACHClass.Web,
          user: { legal_name: 'Borrower' },
          idempotency_key: paymentUuid,
        }),
      );
      if (authorization.authorization.decision !== TransferAuthorizationDecision.Approved) {
        const rationale = authorization.authorization.decision_rationale?.description;
        return { status: 'FAILED', reason: rationale ?? 'Declined by the bank' };
      }
      const created = await call('transfer create', () =>
        client.transferCreate({
          idempotency_key: paymentUuid,
          access_token: account.accessToken,
          account_id: account.accountId,
          authorization_id: authorization.authorization.id,
          description: description.slice(0, DESCRIPTION_MAX),
        }),
      );
      return { status: 'PENDING', transferId: created.transfer.id };
    },
    async getTransfer(transferId): Promise<TTransferStatus> {
      const data = await call('transfer get', () =>
        client.transferGet({ transfer_id: transferId }),
      );
      const transfer = data.transfer;
      switch (transfer.status) {
        case TransferStatus.Settled:
        case TransferStatus.FundsAvailable:
          return { status: 'SETTLED', settledAt: new Date() };
        case TransferStatus.Returned:
        case TransferStatus.Failed:
        case TransferStatus.Cancelled:
          return {
            status: 'RETURNED',
            reason:
              transfer.failure_reason?.description ??
              transfer.failure_reason?.ach_return_code ??
              'Returned by the bank',
          };
        default:
          return { status: 'PENDING' };
      }
    },
  };
}
