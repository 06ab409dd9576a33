import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Sign in' };

export function LoginPage() {
  return <PageHeading>Sign in</PageHeading>;
}

export { LoginPage as Component };
