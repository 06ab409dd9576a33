/**
 * The address provider: its variables are read by adapters/address/config.ts and validated here
 * with everything else; it adds nothing to TConfig.
 */
import { ZAddressSettings } from '../adapters/address/settings.js';
import { defineArea } from './area.js';

export const addressArea = defineArea({
  variables: ZAddressSettings,
  sandboxSecrets: ['ADDRESS_API_KEY'],
  build: () => ({}),
});
