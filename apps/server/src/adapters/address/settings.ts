/**
 * The address provider's variables (adapters/address/config.ts reads them; the boot's one-pass
 * configuration check validates them with everything else, src/config.ts).
 */
import { z } from 'zod';

export const DEFAULT_ADDRESS_API_URL = 'https://us-autocomplete-pro.api.smarty.com/lookup';

export const ZAddressSettings = z.object({
  ADDRESS_API_URL: z
    .url({ protocol: /^https$/, error: 'must be an https URL' })
    .default(DEFAULT_ADDRESS_API_URL),
  ADDRESS_API_KEY: z
    .string()
    .regex(/^[^:\s]+:[^:\s]+$/, 'must be <auth-id>:<auth-token>')
    .optional(),
});
