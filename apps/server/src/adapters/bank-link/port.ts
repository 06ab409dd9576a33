/**
 * The bank-link provider (Plaid, or the sandbox that behaves like Plaid's): a link token opens the
 * widget, the widget hands back a one-time public token, the server trades it for an access token,
 * and the item's status and accounts are read with that access token.
 */
import type { TBankLinkStatus } from '@pledge/domain';

export interface TBankLinkToken {
  linkToken: string;
  expiration: Date;
}

export interface TBankLinkExchange {
  /** A secret: kept sealed, never logged. */
  accessToken: string;
  itemId: string;
}

export interface TBankLinkAccountInfo {
  id: string;
  name: string;
  officialName: string | null;
  /** The bank's subtype in lower case (`checking`, `savings`). */
  accountType: string;
  /** Last digits of the account number only. */
  accountNumberMask: string;
  holderCategory: 'PERSONAL' | 'BUSINESS';
}

export interface TBankLinkItemInfo {
  itemId: string;
  institution: { institutionId: string; name: string };
  status: TBankLinkStatus;
  /** Empty until the item is COMPLETE. */
  accounts: TBankLinkAccountInfo[];
}

export interface TBankLinkPort {
  /** `sandbox` or `plaid`. */
  readonly name: string;
  /** `clientUserId` is our stable id of the borrower (never personal data). */
  createLinkToken(input: { clientUserId: string }): Promise<TBankLinkToken>;
  /** Throws BankLinkRequestError when the token is unknown, used or expired. */
  exchangePublicToken(publicToken: string): Promise<TBankLinkExchange>;
  getItem(accessToken: string): Promise<TBankLinkItemInfo>;
}

/** The sandbox's in-app bank picker: signing in at a test bank gives a public token. */
export interface TSandboxBankPicker {
  createPublicToken(input: {
    linkToken: string;
    institutionId: string;
    username: string;
    password: string;
  }): Promise<{ publicToken: string }>;
}

/** The provider refused the request (bad credentials, unknown token…): retrying cannot help. */
export class BankLinkRequestError extends Error {
  override name = 'BankLinkRequestError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The provider could not answer now (down, timed out, unreadable answer). */
export class BankLinkUnavailableError extends Error {
  override name = 'BankLinkUnavailableError';
}

export function isSandboxBankPicker(
  port: TBankLinkPort,
): port is TBankLinkPort & TSandboxBankPicker {
  return 'createPublicToken' in port && typeof port.createPublicToken === 'function';
}
