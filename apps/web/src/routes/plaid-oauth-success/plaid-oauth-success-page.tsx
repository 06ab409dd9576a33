import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Connecting your bank' };

export function PlaidOauthSuccessPage() {
  return <PageHeading>Connecting your bank</PageHeading>;
}

export { PlaidOauthSuccessPage as Component };
