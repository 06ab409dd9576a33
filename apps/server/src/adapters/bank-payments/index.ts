/** The bank-payments adapter the configuration asks for: the sandbox bank, or Plaid Transfer. */
import type { TConfig } from '../../config.js';
import type { TClock } from '../../security/jwt.js';
import { BankPaymentsUnavailableError, type TBankPaymentsPort } from './port.js';
import { createRealBankPayments } from './real.js';
import { createSandboxBankPayments } from './sandbox.js';

/**
 * The sandbox bank when SANDBOX is on; Plaid Transfer when its account is configured (production
 * requires it, config.ts); otherwise no provider: ACH debits answer unavailable, with a warning.
 */
export function createConfiguredBankPayments(
  config: Pick<TConfig, 'sandbox'> & Partial<Pick<TConfig, 'plaid'>>,
  clock: TClock,
  log?: { warn(object: object, message: string): void },
): TBankPaymentsPort {
  if (config.sandbox) return createSandboxBankPayments(clock);
  if (config.plaid === undefined) {
    log?.warn(
      { port: 'bank-payments' },
      'PLAID_CLIENT_ID and PLAID_SECRET are unset: ACH payments are off (wires still work)',
    );
    return unconfiguredBankPayments();
  }
  return createRealBankPayments(config.plaid);
}

/** Without a Plaid account, ACH debits are unavailable (wires still work). */
export function unconfiguredBankPayments(): TBankPaymentsPort {
  const unavailable = async (): Promise<never> => {
    throw new BankPaymentsUnavailableError('No bank-payments provider is configured');
  };
  return { name: 'none', initiateDebit: unavailable, getTransfer: unavailable };
}
