import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Get the mobile app' };

export function GetMobileAppPage() {
  return <PageHeading>Get the mobile app</PageHeading>;
}

export { GetMobileAppPage as Component };
