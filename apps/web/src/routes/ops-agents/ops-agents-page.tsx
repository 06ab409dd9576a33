import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { OpsAgents } from '../../features/ops/components/ops-agents.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Agents — Operations console' };

/** Who may act in the console (the configured set), and deactivating one at once. */
export function OpsAgentsPage() {
  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
      </p>
      <PageHeading>Agents</PageHeading>
      <p>
        Agents are the addresses of AGENT_EMAILS: one taken out of it is deactivated at the next
        start. Deactivate an agent here to end their role at once.
      </p>
      <OpsAgents />
    </section>
  );
}

export { OpsAgentsPage as Component };
