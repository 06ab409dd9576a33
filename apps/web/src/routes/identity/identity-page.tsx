import { IdentityUpload } from '../../features/identity/components/identity-upload.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Upload ID' };

export function IdentityPage() {
  return <IdentityUpload />;
}

export { IdentityPage as Component };
