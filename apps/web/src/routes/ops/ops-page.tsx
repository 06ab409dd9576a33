import { Link } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import { paths } from '../../config/paths.js';
import { OpsApplications } from '../../features/ops/components/ops-applications.js';
import { useSession } from '../../features/session/use-session.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Operations console' };

/** The agents' landing page: the applications (agents only: the router asks for an agent sign-in). */
export function OpsPage() {
  const brand = useBrand();
  const session = useSession('agent');
  return (
    <section className="ops-page">
      <PageHeading>Operations console</PageHeading>
      <p>
        {session.status === 'signed-in' ? `Signed in as ${session.identity.email}. ` : ''}
        The console of {brand.companyName} for agents.{' '}
        <Link to={paths.opsApprovals.getHref()}>Approvals</Link> ·{' '}
        <Link to={paths.opsAgents.getHref()}>Agents</Link> ·{' '}
        <Link to={paths.opsBrands.getHref()}>Brands</Link> ·{' '}
        <Link to={paths.opsPartners.getHref()}>Partner events</Link> ·{' '}
        <Link to={paths.opsMail.getHref()}>Undelivered e-mails</Link> ·{' '}
        <Link to={paths.opsHealth.getHref()}>System health</Link> ·{' '}
        <Link to={paths.opsJobs.getHref()}>Failed jobs</Link> ·{' '}
        <Link to={paths.opsLoans.getHref()}>Loans</Link> ·{' '}
        <Link to={paths.opsReconciliation.getHref()}>Reconciliation</Link>
        {' · '}
        <Link to={paths.opsRisk.getHref()}>Risk queue</Link>
        {' · '}
        <Link to={paths.opsRefinancing.getHref()}>Celsius refinancing</Link>
      </p>
      <OpsApplications />
      <h2>Design system</h2>
      <p>
        The <Link to={`${paths.ops.getHref()}/ui-kit`}>UI kit</Link> shows every component of the
        borrower pages in each of its states.
      </p>
    </section>
  );
}

export { OpsPage as Component };
