import { OpsBrands } from '../../features/ops-brands/components/ops-brands.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Brands — Operations console' };

/** The lenders' brands: each served version, its draft, and a new brand. */
export function OpsBrandsPage() {
  return (
    <OpsPage heading="Brands">
      <p>
        A brand is changed as a draft and served once another agent approves its publication, on
        every instance within a second.
      </p>
      <OpsBrands />
    </OpsPage>
  );
}

export { OpsBrandsPage as Component };
