import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Renew your loan' };

export function RenewPage() {
  return <PageHeading>Renew your loan</PageHeading>;
}

export { RenewPage as Component };
