import { useContext, useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TIdentity } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { getToken, subscribeToken } from '../../api/token.js';
import { useBrand } from '../../brand/brand-context.js';
import { telemetry } from '../../telemetry/telemetry-client.js';
import type { TIdentitySource } from './api/look-up-identity.js';
import { sessionQuery } from './session-query.js';
import { readTokenAudience } from './session-storage.js';
import { SignInCheckFrame } from './components/session-gate-status.js';

export type TSession =
  | { status: 'pending'; audience: TSignInAudience }
  | { status: 'signed-out'; audience: TSignInAudience }
  | {
      status: 'signed-in';
      audience: TSignInAudience;
      identity: TIdentity;
      source: TIdentitySource;
    }
  | {
      /** A token is held but could not be checked ('User not found', or no answer). */
      status: 'error';
      audience: TSignInAudience;
      error: Error;
      retry: () => void;
    };

/** The stored token, following every change (this tab or another). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

/**
 * The signed-in person for an audience: the customer (a borrower) by default, or an agent. A token
 * of the other audience counts as signed out here, without asking the server (and without
 * losing it). When the server refuses the token anywhere, the client clears it and this hook
 * looks the session up again (document 2 §4).
 */
export function useSession(audience: TSignInAudience = 'customer'): TSession {
  const { orgCode } = useBrand();
  const isFrame = useContext(SignInCheckFrame);
  const token = useToken();
  const heldToken = token !== null && readTokenAudience() === audience ? token : null;
  const query = useQuery({
    ...sessionQuery(audience, heldToken ?? '', orgCode),
    enabled: heldToken !== null,
  });

  const identityUuid =
    heldToken !== null && query.data !== undefined ? query.data.identity.uuid : null;
  useEffect(() => {
    if (audience === 'customer') telemetry.setIdentity(identityUuid);
  }, [audience, identityUuid]);

  if (isFrame) return { status: 'pending', audience };
  if (heldToken === null) return { status: 'signed-out', audience };
  if (query.data !== undefined) {
    return {
      status: 'signed-in',
      audience,
      identity: query.data.identity,
      source: query.data.source,
    };
  }
  if (query.error !== null) {
    return {
      status: 'error',
      audience,
      error: query.error,
      retry: () => void query.refetch(),
    };
  }
  return { status: 'pending', audience };
}
