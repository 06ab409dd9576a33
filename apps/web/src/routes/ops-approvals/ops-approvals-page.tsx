import { OpsApprovals } from '../../features/ops/components/ops-approvals.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Approvals — Operations console' };

/** Maker–checker: what one agent proposed that moves money or ownership, for a second to decide. */
export function OpsApprovalsPage() {
  return (
    <OpsPage heading="Approvals">
      <p>
        Every action that moves money or changes who owns what is proposed by one agent and takes
        effect only when a different agent approves it here. Your own proposals you may withdraw.
      </p>
      <OpsApprovals />
    </OpsPage>
  );
}

export { OpsApprovalsPage as Component };
