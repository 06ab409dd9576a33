import { DashboardView } from '../../features/dashboard/components/dashboard-view.js';
import { AccountSecurity } from '../../features/session/components/account-security.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Dashboard' };

export function DashboardPage() {
  return (
    <section className="dashboard-page">
      <PageHeading>Dashboard</PageHeading>
      <DashboardView />
      <AccountSecurity />
    </section>
  );
}

export { DashboardPage as Component };
