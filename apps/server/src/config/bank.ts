/**
 * The bank: linking borrowers' accounts and ACH payments.
 *
 * - PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV [sandbox]: the Plaid account bank linking and ACH
 *   payments (Plaid Transfer) use (PLAID_ENV sandbox or production), the first two set together.
 *   Required when NODE_ENV=production. Without them in development or test outside the sandbox,
 *   linking a bank and ACH debits answer unavailable (a warning at boot), borrowers enter their bank
 *   details by hand and pay by wire; the sandbox links its own test banks with user_good / pass_good
 *   and debits its own bank.
 */
import { z } from 'zod';
import { defineArea, setTogether, ZNotEmpty } from './area.js';

export interface TBankConfig {
  /** The Plaid account of bank linking; unset in the sandbox, which links its own test banks. */
  plaid: { clientId: string; secret: string; environment: 'sandbox' | 'production' } | undefined;
}

export const bankArea = defineArea({
  variables: z.object({
    PLAID_CLIENT_ID: ZNotEmpty.optional(),
    PLAID_SECRET: ZNotEmpty.optional(),
    PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  }),
  shown: ['PLAID_ENV'],
  sandboxSecrets: ['PLAID_SECRET'],
  check: (_env, context) =>
    setTogether(
      context,
      'PLAID_CLIENT_ID',
      'PLAID_SECRET',
      'is required together with the other PLAID_ variable',
      () => {
        if (context.nodeEnv !== 'production' || !context.isOutsideSandbox) return [];
        if (context.isSet('PLAID_CLIENT_ID')) return [];
        return ['PLAID_CLIENT_ID', 'PLAID_SECRET'].map((name) => ({
          name,
          message: 'is required when NODE_ENV=production (bank linking and ACH payments)',
        }));
      },
    ),
  build: (env): TBankConfig => ({
    plaid:
      env.PLAID_CLIENT_ID !== undefined && env.PLAID_SECRET !== undefined
        ? { clientId: env.PLAID_CLIENT_ID, secret: env.PLAID_SECRET, environment: env.PLAID_ENV }
        : undefined,
  }),
});
