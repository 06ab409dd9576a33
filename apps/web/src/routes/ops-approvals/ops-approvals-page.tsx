import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { OpsApprovals } from '../../features/ops/components/ops-approvals.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Approvals — Operations console' };

/** Maker–checker: what one agent proposed that moves money or ownership, for a second to decide. */
export function OpsApprovalsPage() {
  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
      </p>
      <PageHeading>Approvals</PageHeading>
      <p>
        Every action that moves money or changes who owns what is proposed by one agent and takes
        effect only when a different agent approves it here. Your own proposals you may withdraw.
      </p>
      <OpsApprovals />
    </section>
  );
}

export { OpsApprovalsPage as Component };
