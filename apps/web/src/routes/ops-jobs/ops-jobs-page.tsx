import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { OpsFailedJobs } from '../../features/ops/components/ops-failed-jobs.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Failed jobs — Operations console' };

/** Background jobs that failed, of every kind, and retrying or discarding one. */
export function OpsJobsPage() {
  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
      </p>
      <PageHeading>Failed jobs</PageHeading>
      <p>
        Background work (credit checks, disclosures, statements, deposit watches, e-mail…) is
        retried on its own. These jobs failed: those retrying say when they are tried next; dead
        ones have no attempt left and wait for an agent.
      </p>
      <OpsFailedJobs />
    </section>
  );
}

export { OpsJobsPage as Component };
