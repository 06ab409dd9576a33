import { PlaidOauthSuccess } from '../../features/disbursement/components/plaid-oauth-success.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Finishing your bank link' };

export function PlaidOauthSuccessPage() {
  return <PlaidOauthSuccess />;
}

export { PlaidOauthSuccessPage as Component };
