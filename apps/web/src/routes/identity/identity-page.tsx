import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Upload ID' };

export function IdentityPage() {
  return <PageHeading>Upload ID</PageHeading>;
}

export { IdentityPage as Component };
