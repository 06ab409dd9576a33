/**
 * What a bank's OAuth redirect needs to resume bank linking on /plaid-oauth-success (document 1
 * §2): the application being linked, and the link token the widget was opened with.
 */
export const BANK_LINK_APP_UUID_KEY = 'pledge.bankLink.appUuid';
export const BANK_LINK_TOKEN_KEY = 'pledge.bankLink.linkToken';

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveBankLinkResume(appUuid: string, linkToken: string): void {
  try {
    local()?.setItem(BANK_LINK_APP_UUID_KEY, appUuid);
    local()?.setItem(BANK_LINK_TOKEN_KEY, linkToken);
  } catch {
    // Storage refused: linking still works, only a bank's OAuth redirect cannot resume it.
  }
}

export function readBankLinkResume(): { appUuid: string | null; linkToken: string | null } {
  const storage = local();
  return {
    appUuid: storage?.getItem(BANK_LINK_APP_UUID_KEY) || null,
    linkToken: storage?.getItem(BANK_LINK_TOKEN_KEY) || null,
  };
}
