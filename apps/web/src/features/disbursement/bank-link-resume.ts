import { BANK_LINK_PROVIDERS, type TBankLinkProvider } from '@pledge/contract';
import { localStore } from '../../api/web-storage.js';

/**
 * What a bank's OAuth redirect needs to resume bank linking on /plaid-oauth-success (document 1
 * §2): the application being linked, the link token the widget was opened with, and the widget
 * that issued it (Plaid Link, or the sandbox's in-app picker, whose tokens Plaid cannot open).
 */
export const BANK_LINK_APP_UUID_KEY = 'pledge.bankLink.appUuid';
export const BANK_LINK_TOKEN_KEY = 'pledge.bankLink.linkToken';
export const BANK_LINK_PROVIDER_KEY = 'pledge.bankLink.provider';

function isProvider(value: string | null | undefined): value is TBankLinkProvider {
  return (BANK_LINK_PROVIDERS as readonly (string | null | undefined)[]).includes(value);
}

export function saveBankLinkResume(
  appUuid: string,
  linkToken: string,
  provider: TBankLinkProvider = 'plaid',
): void {
  try {
    localStore()?.setItem(BANK_LINK_APP_UUID_KEY, appUuid);
    localStore()?.setItem(BANK_LINK_TOKEN_KEY, linkToken);
    localStore()?.setItem(BANK_LINK_PROVIDER_KEY, provider);
  } catch {
    // Storage refused: linking still works, only a bank's OAuth redirect cannot resume it.
  }
}

export function readBankLinkResume(): {
  appUuid: string | null;
  linkToken: string | null;
  provider: TBankLinkProvider;
} {
  const storage = localStore();
  const provider = storage?.getItem(BANK_LINK_PROVIDER_KEY);
  return {
    appUuid: storage?.getItem(BANK_LINK_APP_UUID_KEY) || null,
    linkToken: storage?.getItem(BANK_LINK_TOKEN_KEY) || null,
    // Saved before the provider was: only Plaid's widget was resumed then.
    provider: isProvider(provider) ? provider : 'plaid',
  };
}
