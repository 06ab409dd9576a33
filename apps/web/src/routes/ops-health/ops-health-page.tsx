import { OpsHealth } from '../../features/ops/components/ops-health.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'System health — Operations console' };

/** The outside dependencies the platform needs, each as its last probe found it. */
export function OpsHealthPage() {
  return (
    <OpsPage heading="System health">
      <p>
        Every minute each outside service the platform relies on is asked one harmless question: the
        mail server, the credit bureau, the chain nodes, the price venues and Plaid. A dependency
        that is down stops the work that needs it until it answers again.
      </p>
      <OpsHealth />
    </OpsPage>
  );
}

export { OpsHealthPage as Component };
