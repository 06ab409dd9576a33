import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Your application' };

export function ApplicationEntryPage() {
  return <PageHeading>Your application</PageHeading>;
}

export { ApplicationEntryPage as Component };
