import { RenewOffer } from '../../features/renewal/components/renew-offer.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Renew your loan' };

export function RenewPage() {
  return <RenewOffer />;
}

export { RenewPage as Component };
