import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { OutcomePage } from '../../features/application/components/outcome-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Application declined' };

/** DECLINED: not eligible; the adverse action notice is on the dashboard (document 1 §8). */
export function DeclinePage() {
  return (
    <OutcomePage
      state="DECLINED"
      title="We can’t approve your application"
      supportText="If you have questions about this decision, contact us."
      hasDashboardLink={false}
    >
      <p>Based on the information we received, you are not eligible for a loan at this time.</p>
      <p>
        Your adverse action notice is on your dashboard. It explains the reasons for this decision
        and your rights.
      </p>
      <Link className="button outcome-page__action" to={paths.dashboard.getHref()}>
        View your adverse action notice on the dashboard
      </Link>
    </OutcomePage>
  );
}

export { DeclinePage as Component };
