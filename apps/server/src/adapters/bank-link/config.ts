/** The bank-link adapter the configuration asks for. */
import { hkdfSync, randomBytes } from 'node:crypto';
import { BASE_PATH } from '@pledge/domain';
import { brandFor, DEFAULT_ORG_CODE } from '../../brands/brands.js';
import type { TConfig } from '../../config.js';
import { BankLinkUnavailableError, type TBankLinkPort } from './port.js';
import { createRealBankLink } from './real.js';
import { createSandboxBankLink } from './sandbox.js';

/** Name of the product in the Plaid widget: the default brand's (brand data, brands/brands.ts). */
export function plaidClientName(): string {
  return brandFor(DEFAULT_ORG_CODE, false).companyName;
}

export function createConfiguredBankLink(
  config: Pick<TConfig, 'sandbox'> &
    Partial<Pick<TConfig, 'plaid' | 'encryptionKey' | 'publicOrigin'>>,
  log?: { warn(object: object, message: string): void },
): TBankLinkPort {
  if (config.sandbox) {
    // Derived from the data key, so that every instance (and a restart) reads the others' tokens;
    // without one (tools, tests) the tokens are good for this process only.
    const signingKey =
      config.encryptionKey === undefined
        ? randomBytes(32)
        : Buffer.from(
            hkdfSync(
              'sha256',
              config.encryptionKey,
              Buffer.alloc(0),
              'pledge:sandbox-bank-link',
              32,
            ),
          );
    return createSandboxBankLink({ signingKey });
  }
  if (config.plaid === undefined) {
    log?.warn(
      { port: 'bank-link' },
      'PLAID_CLIENT_ID and PLAID_SECRET are unset: bank linking is off',
    );
    return unconfiguredBankLink();
  }
  const redirectUri = plaidOauthRedirectUri(config.publicOrigin);
  return createRealBankLink({
    ...config.plaid,
    clientName: plaidClientName(),
    ...(redirectUri !== undefined ? { redirectUri } : {}),
  });
}

/**
 * The page OAuth banks return to (document 1 §2 /plaid-oauth-success). Plaid accepts only https
 * redirect URIs, so a plain-http origin (development) links without OAuth banks.
 */
export function plaidOauthRedirectUri(publicOrigin: string | undefined): string | undefined {
  if (publicOrigin?.startsWith('https://') !== true) return undefined;
  return `${publicOrigin.replace(/\/+$/, '')}${BASE_PATH}/plaid-oauth-success`;
}

/**
 * Without a Plaid account the provider counts as unavailable: linking answers 503 with the product's
 * "try again" message, and typing the bank details in (manual bank) still works.
 */
function unconfiguredBankLink(): TBankLinkPort {
  const unavailable = async (): Promise<never> => {
    throw new BankLinkUnavailableError('Plaid is not configured (PLAID_CLIENT_ID, PLAID_SECRET)');
  };
  return {
    name: 'unconfigured',
    createLinkToken: unavailable,
    exchangePublicToken: unavailable,
    getItem: unavailable,
  };
}
