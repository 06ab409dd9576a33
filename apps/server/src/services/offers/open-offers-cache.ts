/**
 * The offers open on an application change only when this server records a new request or an
 * acceptance (both forget the application here) or when one expires. The answer of the offers
 * list is therefore kept for OPEN_OFFERS_REUSE_MS per borrower and application: repeated calls
 * cost no query. An offer that expires, or a change recorded by another instance of the server,
 * shows within that time; accepting an offer always checks it afresh (accept-offer.ts).
 */
import type { TOffer } from '@pledge/contract';
import type { TClock } from '../../security/jwt.js';
import { createExpiringCache } from '../expiring-cache.js';

export const OPEN_OFFERS_REUSE_MS = 1_000;
export const OPEN_OFFER_LISTS_KEPT = 10_000;

export interface TOpenOffersCache {
  get(identityUuid: string, appUuid: string): TOffer[] | undefined;
  set(identityUuid: string, appUuid: string, offers: TOffer[]): void;
  /** Forgets an application's list (its offers changed). */
  forget(appUuid: string): void;
}

export function createOpenOffersCache(clock: TClock): TOpenOffersCache {
  const nowMs = () => clock().getTime();
  const lists = createExpiringCache<{ appUuid: string; offers: TOffer[] }>(
    OPEN_OFFER_LISTS_KEPT,
    nowMs,
  );
  return {
    get(identityUuid, appUuid) {
      return lists.get(`${identityUuid} ${appUuid}`)?.offers;
    },
    set(identityUuid, appUuid, offers) {
      lists.set(`${identityUuid} ${appUuid}`, { appUuid, offers }, nowMs() + OPEN_OFFERS_REUSE_MS);
    },
    forget(appUuid) {
      lists.deleteWhere((list) => list.appUuid === appUuid);
    },
  };
}
