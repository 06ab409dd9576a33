import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { OpsHealth } from '../../features/ops/components/ops-health.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'System health — Operations console' };

/** The outside dependencies the platform needs, each as its last probe found it. */
export function OpsHealthPage() {
  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
      </p>
      <PageHeading>System health</PageHeading>
      <p>
        Every minute each outside service the platform relies on is asked one harmless question: the
        mail server, the credit bureau, the chain nodes, the price venues and Plaid. A dependency
        that is down stops the work that needs it until it answers again.
      </p>
      <OpsHealth />
    </section>
  );
}

export { OpsHealthPage as Component };
