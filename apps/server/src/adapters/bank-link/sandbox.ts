/**
 * A bank-link provider that behaves like Plaid's sandbox, without state: every token carries what
 * the next step needs and is signed with a key of this process family (derived from the field
 * cipher's key), so any instance can continue a link another one started.
 *
 * Test banks (Plaid's sandbox ids): First Platypus Bank ins_109508, Tartan Bank ins_109511 and
 * Houndstooth Bank ins_109512, each with a personal checking and savings account and a business
 * checking account. Credentials user_good / pass_good; anything else is INVALID_CREDENTIALS. A
 * linked item is PENDING for SANDBOX_ITEM_READY_MS, then COMPLETE.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BankLinkRequestError,
  type TBankLinkAccountInfo,
  type TBankLinkPort,
  type TSandboxBankPicker,
} from './port.js';

/** How long a new item stays PENDING: long enough for the web's 3 s poll to see it. */
export const SANDBOX_ITEM_READY_MS = 4_000;
/** Plaid's link tokens live four hours; the sandbox's do too. */
export const SANDBOX_LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

export const SANDBOX_CREDENTIALS = { username: 'user_good', password: 'pass_good' } as const;

interface TSandboxAccount extends Omit<TBankLinkAccountInfo, 'id'> {
  key: string;
}

const personalAndBusiness = (
  prefix: string,
  masks: [string, string, string],
): TSandboxAccount[] => [
  {
    key: 'checking',
    name: `${prefix} Checking`,
    officialName: `${prefix} Gold Standard 0.1% Interest Checking`,
    accountType: 'checking',
    accountNumberMask: masks[0],
    holderCategory: 'PERSONAL',
  },
  {
    key: 'savings',
    name: `${prefix} Saving`,
    officialName: `${prefix} Silver Standard 0.1% Interest Saving`,
    accountType: 'savings',
    accountNumberMask: masks[1],
    holderCategory: 'PERSONAL',
  },
  {
    key: 'business',
    name: `${prefix} Business Checking`,
    officialName: `${prefix} Business Advantage Checking`,
    accountType: 'checking',
    accountNumberMask: masks[2],
    holderCategory: 'BUSINESS',
  },
];

export const SANDBOX_INSTITUTIONS: ReadonlyArray<{
  institutionId: string;
  name: string;
  accounts: TSandboxAccount[];
}> = [
  {
    institutionId: 'ins_109508',
    name: 'First Platypus Bank',
    accounts: personalAndBusiness('Plaid', ['0000', '1111', '2222']),
  },
  {
    institutionId: 'ins_109511',
    name: 'Tartan Bank',
    accounts: personalAndBusiness('Tartan', ['3333', '4444', '5555']),
  },
  {
    institutionId: 'ins_109512',
    name: 'Houndstooth Bank',
    accounts: personalAndBusiness('Houndstooth', ['6666', '7777', '8888']),
  },
];

type TTokenKind = 'link' | 'public' | 'access';

export interface TSandboxBankLinkOptions {
  /** Signs the tokens; derive it from the app's secret key so that instances agree. */
  signingKey: Buffer;
  clock?: () => Date;
}

export function createSandboxBankLink(
  options: TSandboxBankLinkOptions,
): TBankLinkPort & TSandboxBankPicker {
  const clock = options.clock ?? (() => new Date());

  const sign = (body: string) =>
    createHmac('sha256', options.signingKey).update(body).digest('base64url');

  /** `<kind>-sandbox-<payload>.<signature>` with a base64url JSON payload. */
  function issue(kind: TTokenKind, payload: Record<string, string | number>): string {
    const body = `${kind}-sandbox-${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${sign(body)}`;
  }

  function read(kind: TTokenKind, token: string): Record<string, unknown> {
    const invalid = new BankLinkRequestError(
      kind === 'public'
        ? 'INVALID_PUBLIC_TOKEN'
        : kind === 'link'
          ? 'INVALID_LINK_TOKEN'
          : 'INVALID_ACCESS_TOKEN',
      `The ${kind} token is not valid`,
    );
    const dot = token.lastIndexOf('.');
    const body = token.slice(0, dot);
    const prefix = `${kind}-sandbox-`;
    if (dot < 0 || !body.startsWith(prefix)) throw invalid;
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(sign(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
    try {
      const payload: unknown = JSON.parse(
        Buffer.from(body.slice(prefix.length), 'base64url').toString('utf8'),
      );
      if (typeof payload !== 'object' || payload === null) throw invalid;
      return payload as Record<string, unknown>;
    } catch {
      throw invalid;
    }
  }

  function institutionOf(institutionId: unknown) {
    const institution = SANDBOX_INSTITUTIONS.find((item) => item.institutionId === institutionId);
    if (institution === undefined) {
      throw new BankLinkRequestError('INVALID_INSTITUTION', 'The institution is not known');
    }
    return institution;
  }

  return {
    name: 'sandbox',
    async createLinkToken({ clientUserId }) {
      const expiration = new Date(clock().getTime() + SANDBOX_LINK_TOKEN_TTL_MS);
      return {
        linkToken: issue('link', {
          user: clientUserId,
          exp: expiration.getTime(),
          nonce: randomBytes(8).toString('hex'),
        }),
        expiration,
      };
    },
    async createPublicToken({ linkToken, institutionId, username, password }) {
      const link = read('link', linkToken);
      if (typeof link.exp !== 'number' || link.exp <= clock().getTime()) {
        throw new BankLinkRequestError('INVALID_LINK_TOKEN', 'The link token has expired');
      }
      const institution = institutionOf(institutionId);
      if (username !== SANDBOX_CREDENTIALS.username || password !== SANDBOX_CREDENTIALS.password) {
        throw new BankLinkRequestError(
          'INVALID_CREDENTIALS',
          'The provided credentials were not correct. Please try again.',
        );
      }
      return {
        publicToken: issue('public', {
          ins: institution.institutionId,
          at: clock().getTime(),
          nonce: randomBytes(8).toString('hex'),
        }),
      };
    },
    async exchangePublicToken(publicToken) {
      const payload = read('public', publicToken);
      const institution = institutionOf(payload.ins);
      if (typeof payload.at !== 'number' || typeof payload.nonce !== 'string') {
        throw new BankLinkRequestError('INVALID_PUBLIC_TOKEN', 'The public token is not valid');
      }
      // The same public token always names the same item, so a retried exchange links it once.
      const itemId = `item-sandbox-${sign(`item:${payload.nonce}`).slice(0, 24)}`;
      return {
        itemId,
        accessToken: issue('access', {
          item: itemId,
          ins: institution.institutionId,
          at: payload.at,
        }),
      };
    },
    async getItem(accessToken) {
      const payload = read('access', accessToken);
      const institution = institutionOf(payload.ins);
      const itemId = String(payload.item);
      const linkedAt = typeof payload.at === 'number' ? payload.at : 0;
      const isReady = clock().getTime() - linkedAt >= SANDBOX_ITEM_READY_MS;
      return {
        itemId,
        institution: { institutionId: institution.institutionId, name: institution.name },
        status: isReady ? 'COMPLETE' : 'PENDING',
        accounts: isReady
          ? institution.accounts.map(({ key, ...account }) => ({
              ...account,
              id: `${itemId}-${key}`,
            }))
          : [],
      };
    },
  };
}
