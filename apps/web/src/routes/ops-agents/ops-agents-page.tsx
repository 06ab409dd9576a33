import { OpsAgents } from '../../features/ops/components/ops-agents.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Agents — Operations console' };

/** Who may act in the console (the configured set), and deactivating one at once. */
export function OpsAgentsPage() {
  return (
    <OpsPage heading="Agents">
      <p>
        Agents are the addresses of AGENT_EMAILS: one taken out of it is deactivated at the next
        start. Deactivate an agent here to end their role at once.
      </p>
      <OpsAgents />
    </OpsPage>
  );
}

export { OpsAgentsPage as Component };
