import { useDashboardListsSettled } from '../../features/dashboard/api/dashboard-queries.js';
import { DashboardView } from '../../features/dashboard/components/dashboard-view.js';
import { AccountSecurity } from '../../features/session/components/account-security.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Dashboard' };

export function DashboardPage() {
  // The account's settings show once the lists above them are there: shown sooner, the lists
  // arriving would push the whole block down the screen (a layout shift).
  const isListed = useDashboardListsSettled();
  return (
    <section className="dashboard-page">
      <PageHeading>Dashboard</PageHeading>
      <DashboardView />
      {isListed && <AccountSecurity />}
    </section>
  );
}

export { DashboardPage as Component };
