import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Review and sign documents' };

export function DisclosuresPage() {
  return <PageHeading>Review and sign documents</PageHeading>;
}

export { DisclosuresPage as Component };
