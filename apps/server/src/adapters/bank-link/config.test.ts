import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createConfiguredBankLink, plaidOauthRedirectUri } from './config.js';
import { BankLinkUnavailableError, isSandboxBankPicker } from './port.js';

describe('bank-link adapter by configuration', () => {
  it('uses the sandbox banks in the sandbox, with tokens every instance of a key can read', async () => {
    const encryptionKey = randomBytes(32);
    const first = createConfiguredBankLink({ sandbox: true, encryptionKey });
    const second = createConfiguredBankLink({ sandbox: true, encryptionKey });
    expect(first.name).toBe('sandbox');
    if (!isSandboxBankPicker(first)) throw new Error('expected the sandbox bank picker');
    const { linkToken } = await first.createLinkToken({ clientUserId: 'identity-1' });
    const { publicToken } = await first.createPublicToken({
      linkToken,
      institutionId: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    await expect(second.exchangePublicToken(publicToken)).resolves.toHaveProperty('itemId');
  });

  it('uses Plaid when configured outside the sandbox', () => {
    const port = createConfiguredBankLink({
      sandbox: false,
      plaid: { clientId: 'id', secret: 'secret', environment: 'sandbox' },
    });
    expect(port.name).toBe('plaid');
    expect(isSandboxBankPicker(port)).toBe(false);
  });

  it('answers unavailable, with a warning, when Plaid is not configured', async () => {
    const warnings: string[] = [];
    const port = createConfiguredBankLink(
      { sandbox: false },
      { warn: (_object, message) => warnings.push(message) },
    );
    expect(warnings).toHaveLength(1);
    await expect(port.createLinkToken({ clientUserId: 'x' })).rejects.toBeInstanceOf(
      BankLinkUnavailableError,
    );
  });
});

describe('the OAuth return address given to Plaid', () => {
  it.each([
    [
      'https://loans.example.com',
      'https://loans.example.com/account/crypto-backed-loan/plaid-oauth-success',
    ],
    [
      'https://loans.example.com/',
      'https://loans.example.com/account/crypto-backed-loan/plaid-oauth-success',
    ],
    ['http://localhost:3000', undefined],
    [undefined, undefined],
  ])('%s → %s', (origin, expected) => {
    expect(plaidOauthRedirectUri(origin)).toBe(expected);
  });
});
