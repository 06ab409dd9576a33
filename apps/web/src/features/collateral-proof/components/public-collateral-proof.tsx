import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../../api/client.js';
import { RetryAlert } from '../../../ui/alert/alert.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { publicCollateralProofQuery } from '../api/collateral-proof-queries.js';
import { isProofToken } from '../proof-link.js';
import { CollateralProofDetails } from './collateral-proof-details.js';

/** Kept out of search engines whatever the server says: the link is for those it was given to. */
function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}

function ProofNotFound() {
  return (
    <section className="collateral-proof-page">
      <NoIndex />
      <PageHeading>Collateral proof not found</PageHeading>
      <p>
        This link does not lead to a collateral proof: it may have been mistyped, or the borrower
        who shared it has turned it off or made a new one. Ask them for the link again.
      </p>
    </section>
  );
}

/**
 * /collateral-proof/{token}: a loan's collateral proof as its public link shows it, to anyone and
 * without signing in. It names no borrower and no amount owed; it is read again now and then.
 */
export function PublicCollateralProof() {
  const { token = '' } = useParams();
  const isToken = isProofToken(token);
  const query = useQuery({ ...publicCollateralProofQuery(token), enabled: isToken });

  if (!isToken) return <ProofNotFound />;
  if (query.isPending) {
    return (
      <section className="collateral-proof-page">
        <NoIndex />
        <p className="loading" role="status">
          Loading the collateral proof…
        </p>
      </section>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && [400, 404].includes(query.error.status)) {
      return <ProofNotFound />;
    }
    return (
      <section className="collateral-proof-page">
        <NoIndex />
        <PageHeading>Collateral proof</PageHeading>
        <RetryAlert
          title="We could not load this collateral proof."
          onRetry={() => void query.refetch()}
        />
      </section>
    );
  }
  const proof = query.data;
  return (
    <section className="collateral-proof-page">
      <NoIndex />
      <PageHeading>Collateral proof</PageHeading>
      <p>
        Proof, read from the {proof.network === 'SANDBOX' ? 'sandbox' : proof.collateralType} chain,
        that the collateral of a loan with {proof.companyName} is held at its address. Anyone can
        check the address and its transactions independently.
      </p>
      <CollateralProofDetails proof={proof} headingLevel={2} idPrefix="public-proof" />
    </section>
  );
}
