/**
 * Plaid through its official client. Link tokens ask for the `auth` product (ACH payouts need the
 * account and routing numbers later); items and accounts are read with /accounts/get, the
 * institution's name with /institutions/get_by_id. Access tokens and account numbers are never
 * logged; an error carries only Plaid's error code.
 */
import {
  Configuration,
  CountryCode,
  PlaidApi,
  PlaidEnvironments,
  Products,
  type AccountBase,
} from 'plaid';
import {
  BankLinkRequestError,
  BankLinkUnavailableError,
  type TBankLinkAccountInfo,
  type TBankLinkPort,
} from './port.js';

export const PLAID_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type TPlaidEnvironment = (typeof PLAID_ENVIRONMENTS)[number];

/** The Plaid API version the answers below are read in. */
const PLAID_API_VERSION = '2020-09-14';
/** A Plaid call that has not answered by then counts as unavailable. */
export const PLAID_TIMEOUT_MS = 15_000;
/** Accounts a payout can go to. */
const PAYOUT_SUBTYPES = new Set(['checking', 'savings']);
const PENDING_VERIFICATION = new Set([
  'pending_automatic_verification',
  'pending_manual_verification',
]);

export interface TRealBankLinkOptions {
  clientId: string;
  secret: string;
  environment: TPlaidEnvironment;
  /** Shown in the widget. */
  clientName: string;
  /**
   * Where OAuth banks send the borrower back (the app's /plaid-oauth-success page); https only, and
   * registered in Plaid's dashboard. Without it, OAuth-only banks cannot be linked.
   */
  redirectUri?: string;
  /** Replaces the HTTP layer (an axios adapter); tests answer from it. */
  httpAdapter?: (config: unknown) => Promise<unknown>;
  timeoutMs?: number;
}

interface TPlaidErrorBody {
  error_type?: string;
  error_code?: string;
}

/** Plaid's error body of a failed call, when there is one. */
function plaidErrorOf(error: unknown): { status: number | null; body: TPlaidErrorBody } {
  if (typeof error === 'object' && error !== null && 'response' in error) {
    const response = (error as { response?: { status?: number; data?: unknown } }).response;
    const data = response?.data;
    return {
      status: response?.status ?? null,
      body: typeof data === 'object' && data !== null ? (data as TPlaidErrorBody) : {},
    };
  }
  return { status: null, body: {} };
}

/** Maps a failed call: refused input is a request error, anything else is worth a retry. */
function toPortError(error: unknown, operation: string): Error {
  const { status, body } = plaidErrorOf(error);
  const code = body.error_code ?? 'UNKNOWN';
  if (
    status !== null &&
    status >= 400 &&
    status < 500 &&
    status !== 429 &&
    (body.error_type === 'INVALID_REQUEST' ||
      body.error_type === 'INVALID_INPUT' ||
      body.error_type === 'ITEM_ERROR')
  ) {
    return new BankLinkRequestError(code, `Plaid refused ${operation} (${code})`);
  }
  return new BankLinkUnavailableError(
    `Plaid could not answer ${operation} (${status === null ? 'no answer' : `${status} ${code}`})`,
  );
}

function toAccountInfo(account: AccountBase): TBankLinkAccountInfo | null {
  const subtype = account.subtype ?? null;
  const mask = account.mask ?? '';
  if (account.type !== 'depository' || subtype === null || !PAYOUT_SUBTYPES.has(subtype)) {
    return null;
  }
  if (!/^\d{2,4}$/.test(mask)) return null;
  return {
    id: account.account_id,
    name: account.name,
    officialName: account.official_name ?? null,
    accountType: subtype,
    accountNumberMask: mask,
    // Plaid reports business accounts as such; personal and unrecognised ones are the borrower's.
    holderCategory: account.holder_category === 'business' ? 'BUSINESS' : 'PERSONAL',
  };
}

export function createRealBankLink(options: TRealBankLinkOptions): TBankLinkPort {
  const basePath = PlaidEnvironments[options.environment];
  if (basePath === undefined) throw new Error(`Unknown Plaid environment ${options.environment}`);
  const client = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        headers: {
          'PLAID-CLIENT-ID': options.clientId,
          'PLAID-SECRET': options.secret,
          'Plaid-Version': PLAID_API_VERSION,
        },
        timeout: options.timeoutMs ?? PLAID_TIMEOUT_MS,
        ...(options.httpAdapter !== undefined ? { adapter: options.httpAdapter } : {}),
      },
    }),
  );

  async function call<T>(operation: string, work: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await work()).data;
    } catch (error) {
      throw toPortError(error, operation);
    }
  }

  return {
    name: 'plaid',
    async createLinkToken({ clientUserId }) {
      const data = await call('link token', () =>
        client.linkTokenCreate({
          user: { client_user_id: clientUserId },
          client_name: options.clientName,
          products: [Products.Auth],
          country_codes: [CountryCode.Us],
          language: 'en',
          ...(options.redirectUri !== undefined ? { redirect_uri: options.redirectUri } : {}),
        }),
      );
      return { linkToken: data.link_token, expiration: new Date(data.expiration) };
    },
    async exchangePublicToken(publicToken) {
      const data = await call('token exchange', () =>
        client.itemPublicTokenExchange({ public_token: publicToken }),
      );
      return { accessToken: data.access_token, itemId: data.item_id };
    },
    async getItem(accessToken) {
      let accounts: AccountBase[];
      let item: { item_id: string; institution_id?: string | null; error?: unknown };
      try {
        const data = (await client.accountsGet({ access_token: accessToken })).data;
        accounts = data.accounts;
        item = data.item;
      } catch (error) {
        const { body } = plaidErrorOf(error);
        if (body.error_code === 'ITEM_LOGIN_REQUIRED' || body.error_code === 'PRODUCT_NOT_READY') {
          const itemData = await call('item', () => client.itemGet({ access_token: accessToken }));
          const institution = await institutionOf(itemData.item.institution_id ?? null);
          return {
            itemId: itemData.item.item_id,
            institution,
            status: body.error_code === 'ITEM_LOGIN_REQUIRED' ? 'NEEDS_LOGIN' : 'PENDING',
            accounts: [],
          };
        }
        throw toPortError(error, 'accounts');
      }
      const institution = await institutionOf(item.institution_id ?? null);
      const payable = accounts.filter(
        (account) => !PENDING_VERIFICATION.has(account.verification_status ?? ''),
      );
      const status =
        item.error !== null && item.error !== undefined
          ? 'FAILED'
          : accounts.length > 0 && payable.length === 0
            ? 'PENDING_VERIFICATION'
            : 'COMPLETE';
      return {
        itemId: item.item_id,
        institution,
        status,
        accounts: payable.flatMap((account) => toAccountInfo(account) ?? []),
      };
    },
  };

  async function institutionOf(institutionId: string | null) {
    if (institutionId === null) return { institutionId: 'unknown', name: 'Bank' };
    const data = await call('institution', () =>
      client.institutionsGetById({
        institution_id: institutionId,
        country_codes: [CountryCode.Us],
      }),
    );
    return { institutionId, name: data.institution.name };
  }
}
