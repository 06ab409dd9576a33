import { GetMobileApp } from '../../features/mobile-app/components/get-mobile-app.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Get the mobile app' };

export function GetMobileAppPage() {
  return <GetMobileApp />;
}

export { GetMobileAppPage as Component };
