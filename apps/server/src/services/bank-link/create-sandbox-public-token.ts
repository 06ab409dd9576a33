/** The sandbox bank picker: sign in at a test bank and receive the widget's public token. */
import type {
  TPostSandboxBankLinkPublicTokenBody,
  TPostSandboxBankLinkPublicTokenResponse,
} from '@pledge/contract';
import type { TSandboxBankPicker } from '../../adapters/bank-link/port.js';
import { callProvider } from './provider-errors.js';

export async function createSandboxPublicToken(
  picker: TSandboxBankPicker,
  body: TPostSandboxBankLinkPublicTokenBody,
): Promise<TPostSandboxBankLinkPublicTokenResponse> {
  return callProvider(() => picker.createPublicToken(body));
}
