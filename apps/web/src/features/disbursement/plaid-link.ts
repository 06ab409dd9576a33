/**
 * Plaid Link, loaded from Plaid's CDN only when a borrower links a bank with the real provider.
 *
 * The server's CSP must allow it: script-src and frame-src https://cdn.plaid.com, and connect-src
 * https://*.plaid.com (see the report of this feature); the sandbox's in-app picker needs none.
 */
import type { TPostBankLinkExchangeBody, TPostStoreLinkErrorBody } from '@pledge/contract';

export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

interface TPlaidInstitution {
  name: string;
  institution_id: string;
}

interface TPlaidSuccessMetadata {
  institution: TPlaidInstitution | null;
  accounts: {
    id: string;
    name: string;
    mask: string | null;
    type: string;
    subtype: string | null;
  }[];
  link_session_id: string;
}

interface TPlaidError {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
}

interface TPlaidExitMetadata {
  institution: TPlaidInstitution | null;
  status: string | null;
  link_session_id: string | null;
  request_id: string | null;
}

interface TPlaidHandler {
  open(): void;
  destroy(): void;
}

interface TPlaid {
  create(config: {
    token: string;
    receivedRedirectUri?: string;
    onSuccess(publicToken: string, metadata: TPlaidSuccessMetadata): void;
    onExit(error: TPlaidError | null, metadata: TPlaidExitMetadata): void;
  }): TPlaidHandler;
}

declare global {
  interface Window {
    Plaid?: TPlaid;
  }
}

let loading: Promise<TPlaid> | null = null;

/** Adds Plaid's script once; rejects when it cannot load (offline, blocked by CSP or an ad blocker). */
export function loadPlaidLink(): Promise<TPlaid> {
  if (window.Plaid !== undefined) return Promise.resolve(window.Plaid);
  loading ??= new Promise<TPlaid>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PLAID_LINK_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      if (window.Plaid === undefined) reject(new Error('Plaid Link did not start'));
      else resolve(window.Plaid);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Plaid Link could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface TBankLinkCallbacks {
  onSuccess(publicToken: string, metadata: TPostBankLinkExchangeBody['metadata']): void;
  onExit(exit: Omit<TPostStoreLinkErrorBody, 'appUuid'>): void;
}

/** Opens Plaid Link with a link token (and, after a bank's OAuth redirect, the URL it came back to). */
export async function openPlaidLink(
  linkToken: string,
  callbacks: TBankLinkCallbacks,
  receivedRedirectUri?: string,
): Promise<() => void> {
  const plaid = await loadPlaidLink();
  const handler = plaid.create({
    token: linkToken,
    ...(receivedRedirectUri === undefined ? {} : { receivedRedirectUri }),
    onSuccess: (publicToken, metadata) => {
      callbacks.onSuccess(publicToken, {
        institution: {
          institutionId: metadata.institution?.institution_id ?? 'unknown',
          name: metadata.institution?.name ?? 'Your bank',
        },
        accounts: metadata.accounts.map((account) => ({
          id: account.id,
          name: account.name,
          mask: account.mask,
          type: account.type,
          subtype: account.subtype,
        })),
        linkSessionId: metadata.link_session_id,
      });
    },
    onExit: (error, metadata) => {
      callbacks.onExit({
        linkError:
          error === null
            ? null
            : {
                errorType: error.error_type,
                errorCode: error.error_code,
                errorMessage: error.error_message,
                displayMessage: error.display_message,
              },
        linkErrorMetadata: {
          institution:
            metadata.institution === null
              ? null
              : {
                  institutionId: metadata.institution.institution_id,
                  name: metadata.institution.name,
                },
          status: metadata.status,
          linkSessionId: metadata.link_session_id,
          requestId: metadata.request_id,
        },
      });
    },
  });
  handler.open();
  return () => handler.destroy();
}
