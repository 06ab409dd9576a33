import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Documents' };

export function DocumentsPage() {
  return <PageHeading>Documents</PageHeading>;
}

export { DocumentsPage as Component };
