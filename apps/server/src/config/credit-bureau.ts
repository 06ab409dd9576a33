/**
 * The credit bureau.
 *
 * - CREDIT_BUREAU_URL, CREDIT_BUREAU_API_KEY: the soft-inquiry provider (https base URL) and its API
 *   key, set together. Required outside the sandbox (the sandbox bureau answers by test SSN).
 */
import { z } from 'zod';
import { defineArea, requiredOutsideSandbox, setTogether, ZNotEmpty } from './area.js';

export interface TCreditBureauConfig {
  /** The soft-inquiry provider; unset in the sandbox, whose bureau answers by test SSN. */
  creditBureau: { baseUrl: string; apiKey: string } | undefined;
}

export const creditBureauArea = defineArea({
  variables: z.object({
    CREDIT_BUREAU_URL: z
      .url({ protocol: /^https$/, error: 'must be an https URL' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    CREDIT_BUREAU_API_KEY: ZNotEmpty.optional(),
  }),
  sandboxSecrets: ['CREDIT_BUREAU_API_KEY'],
  check: (_env, context) =>
    setTogether(
      context,
      'CREDIT_BUREAU_URL',
      'CREDIT_BUREAU_API_KEY',
      'is required together with the other CREDIT_BUREAU_ variable',
      () => requiredOutsideSandbox(context, ['CREDIT_BUREAU_URL', 'CREDIT_BUREAU_API_KEY']),
    ),
  build: (env): TCreditBureauConfig => ({
    creditBureau:
      env.CREDIT_BUREAU_URL !== undefined && env.CREDIT_BUREAU_API_KEY !== undefined
        ? { baseUrl: env.CREDIT_BUREAU_URL, apiKey: env.CREDIT_BUREAU_API_KEY }
        : undefined,
  }),
});
