import { OpsFailedJobs } from '../../features/ops/components/ops-failed-jobs.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Failed jobs — Operations console' };

/** Background jobs that failed, of every kind, and retrying or discarding one. */
export function OpsJobsPage() {
  return (
    <OpsPage heading="Failed jobs">
      <p>
        Background work (credit checks, disclosures, statements, deposit watches, e-mail…) is
        retried on its own. These jobs failed: those retrying say when they are tried next; dead
        ones have no attempt left and wait for an agent.
      </p>
      <OpsFailedJobs />
    </OpsPage>
  );
}

export { OpsJobsPage as Component };
