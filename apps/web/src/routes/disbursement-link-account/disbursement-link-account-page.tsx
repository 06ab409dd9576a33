import { LinkAccount } from '../../features/disbursement/components/link-account.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Link your bank account' };

export function DisbursementLinkAccountPage() {
  return <LinkAccount />;
}

export { DisbursementLinkAccountPage as Component };
