import { useParams } from 'react-router';
import { paths } from '../../config/paths.js';
import { OpsBrand } from '../../features/ops-brands/components/ops-brand.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Brand — Operations console' };

/** One brand: its draft, the changes from the served version, and its versions. */
export function OpsBrandPage() {
  const { orgCode = '' } = useParams();
  return (
    <OpsPage
      heading={`Brand ${orgCode}`}
      back={[
        { href: paths.ops.getHref(), label: 'All applications' },
        { href: paths.opsBrands.getHref(), label: 'All brands' },
      ]}
    >
      <OpsBrand orgCode={orgCode} />
    </OpsPage>
  );
}

export { OpsBrandPage as Component };
