/**
 * Configuration of the real address provider, read from the environment once at boot:
 * - ADDRESS_API_URL [https://us-autocomplete-pro.api.smarty.com/lookup]: the lookup endpoint.
 * - ADDRESS_API_KEY [unset]: the provider's secret key pair as `<auth-id>:<auth-token>`. Unset:
 *   address suggestions answer 503 (the form still takes an address typed in full).
 * Only read when SANDBOX is off; the sandbox searches a built-in set of addresses.
 */
import { ConfigError } from '../../config.js';
import { DEFAULT_ADDRESS_API_URL, ZAddressSettings } from './settings.js';
import type { TAddressesPort } from './port.js';
import {
  createRealAddresses,
  createUnconfiguredAddresses,
  type TAddressProviderConfig,
  type TFetch,
} from './real.js';

export { DEFAULT_ADDRESS_API_URL };

const ZAddressEnv = ZAddressSettings;

/** The provider's settings, or null when no key is configured. Throws ConfigError on bad values. */
export function readAddressProviderConfig(
  env: Record<string, string | undefined> = process.env,
): TAddressProviderConfig | null {
  const present = Object.fromEntries(
    ['ADDRESS_API_URL', 'ADDRESS_API_KEY'].flatMap((name) => {
      const value = env[name]?.trim();
      return value === undefined || value === '' ? [] : [[name, value]];
    }),
  );
  const parsed = ZAddressEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${String(issue.path[0] ?? 'environment')} ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const key = parsed.data.ADDRESS_API_KEY;
  if (key === undefined) return null;
  const [authId = '', authToken = ''] = key.split(':');
  return { url: parsed.data.ADDRESS_API_URL, authId, authToken };
}

/**
 * The real address port as configured: the provider when a key is set, else one that refuses
 * every lookup (logged once at boot, so that a missing key is noticed).
 */
export function createConfiguredAddresses(deps: {
  fetch: TFetch;
  env?: Record<string, string | undefined>;
  log?: { warn(object: object, message: string): void };
}): TAddressesPort {
  const config = readAddressProviderConfig(deps.env);
  if (config === null) {
    deps.log?.warn({ variable: 'ADDRESS_API_KEY' }, 'no address provider configured');
    return createUnconfiguredAddresses();
  }
  return createRealAddresses({ config, fetch: deps.fetch });
}
