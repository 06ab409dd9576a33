import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Dashboard' };

export function DashboardPage() {
  return <PageHeading>Dashboard</PageHeading>;
}

export { DashboardPage as Component };
