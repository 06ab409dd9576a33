import { OpsPartners } from '../../features/ops-partners/components/ops-partners.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Partner events — Operations console' };

/** A brand's webhook endpoints and API keys, their delivery log and replays. */
export function OpsPartnersPage() {
  return (
    <OpsPage heading="Partner events">
      <p>
        A lender’s systems follow its brand through signed webhooks and a read API. An endpoint or a
        key is created once a second agent approves it; its secret is then shown once, to the agent
        who proposed it.
      </p>
      <OpsPartners />
    </OpsPage>
  );
}

export { OpsPartnersPage as Component };
