import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import {
  createConfiguredAddresses,
  DEFAULT_ADDRESS_API_URL,
  readAddressProviderConfig,
} from './config.js';
import { AddressLookupUnavailableError } from './port.js';

describe('address provider configuration', () => {
  it('is off without a key', () => {
    expect(readAddressProviderConfig({})).toBeNull();
    expect(readAddressProviderConfig({ ADDRESS_API_KEY: '  ' })).toBeNull();
  });

  it('reads the key pair and the default endpoint', () => {
    expect(readAddressProviderConfig({ ADDRESS_API_KEY: 'id-1:token-2' })).toEqual({
      url: DEFAULT_ADDRESS_API_URL,
      authId: 'id-1',
      authToken: 'token-2',
    });
    expect(
      readAddressProviderConfig({
        ADDRESS_API_KEY: 'id-1:token-2',
        ADDRESS_API_URL: 'https://addresses.example.com/lookup',
      })?.url,
    ).toBe('https://addresses.example.com/lookup');
  });

  it.each([
    [{ ADDRESS_API_KEY: 'no-separator' }, 'ADDRESS_API_KEY'],
    [{ ADDRESS_API_KEY: 'a:b', ADDRESS_API_URL: 'http://insecure.example.com' }, 'ADDRESS_API_URL'],
  ])('stops the boot on %j, naming the variable but not the key', (env, variable) => {
    expect(() => readAddressProviderConfig(env)).toThrow(ConfigError);
    expect(() => readAddressProviderConfig(env)).toThrow(variable);
    try {
      readAddressProviderConfig(env);
    } catch (error) {
      expect(String(error)).not.toContain('no-separator');
    }
  });

  it('refuses every lookup, and says so once, when no provider is configured', async () => {
    const warnings: string[] = [];
    const addresses = createConfiguredAddresses({
      fetch: async () => Response.json({}),
      env: {},
      log: { warn: (_object, message) => warnings.push(message) },
    });
    expect(warnings).toEqual(['no address provider configured']);
    await expect(addresses.suggest('350 5th', 10)).rejects.toBeInstanceOf(
      AddressLookupUnavailableError,
    );
  });
});
