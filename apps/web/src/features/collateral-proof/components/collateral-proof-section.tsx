import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TGetCollateralProofResponse } from '@pledge/contract';
import { isApiError } from '../../../api/client.js';
import { Alert, RetryAlert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { CopyButton } from '../../../ui/copy-button/copy-button.js';
import { newIdempotencyKey } from '../../loan/api/idempotency-key.js';
import { displayDateTime } from '../../loan/loan-dates.js';
import { LoanSection } from '../../loan/components/loan-facts.js';
import {
  collateralProofQuery,
  useMakeProofLink,
  useTurnOffProofLink,
} from '../api/collateral-proof-queries.js';
import { proofLinkUrl } from '../proof-link.js';
import { CollateralProofDetails } from './collateral-proof-details.js';

/**
 * The public link: made only when the borrower asks, shown once (the server keeps a fingerprint
 * of it), replaced or turned off at will.
 */
function PublicLinkPanel({
  appUuid,
  publicLink,
}: {
  appUuid: string;
  publicLink: TGetCollateralProofResponse['publicLink'];
}) {
  const make = useMakeProofLink(appUuid);
  const turnOff = useTurnOffProofLink(appUuid);
  // One key per "make a link": a second click before the first answer (or a retry after a lost
  // answer) gets the same link back; once a link is made, the next click makes a new one.
  const [makeKey, setMakeKey] = useState(newIdempotencyKey);
  const onMake = () =>
    make.mutate(makeKey, {
      onSuccess: () => setMakeKey(newIdempotencyKey()),
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setMakeKey(newIdempotencyKey());
      },
    });
  const isBusy = make.isPending || turnOff.isPending;
  // The link just made (a turn-off forgets it; a newer one replaces it).
  const made = make.data;
  const url = made === undefined ? null : proofLinkUrl(made.token);
  return (
    <div className="collateral-proof__share">
      <h3 id="collateral-proof-share">Share this proof</h3>
      <p>
        A public link shows anyone you give it to the address, its deposits and withdrawals, its
        balance and our statement: no name, e-mail, loan number or amount owed.
      </p>
      {url !== null && (
        <div className="collateral-proof__link">
          <label htmlFor="collateral-proof-link">Your public link</label>
          <input
            id="collateral-proof-link"
            className="input collateral-proof__link-input"
            type="text"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={url} what="public link" />
          <p className="field__note">
            Copy it now: we keep only a fingerprint of it, so it cannot be shown again. If you lose
            it, make a new link; the old one then stops working.
          </p>
        </div>
      )}
      {url === null && publicLink !== null && (
        <p>
          A public link is on, made {displayDateTime(publicLink.createdAt)}. It can be shown only
          when it is made: make a new one to copy it again (the old one stops working).
        </p>
      )}
      {(make.isError || turnOff.isError) && (
        <Alert variant="error" title="That did not work.">
          <p>Check your connection and try again.</p>
        </Alert>
      )}
      <div className="collateral-proof__actions">
        <Button
          variant={publicLink === null ? 'primary' : 'secondary'}
          isFullWidth={false}
          disabled={isBusy}
          onClick={onMake}
        >
          {publicLink === null ? 'Make a public link' : 'Make a new link'}
        </Button>
        {publicLink !== null && (
          <Button
            variant="secondary"
            isFullWidth={false}
            disabled={isBusy}
            onClick={() => turnOff.mutate(undefined, { onSuccess: () => make.reset() })}
          >
            Turn the link off
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The loan page's proof that its collateral is where it should be, from the chain watcher's
 * records, with the public link to share it. Nothing shows for a loan without a tracked address.
 */
export function CollateralProofSection({ appUuid }: { appUuid: string }) {
  const query = useQuery(collateralProofQuery(appUuid));
  if (query.isError && isApiError(query.error) && query.error.status === 404) return null;
  return (
    <LoanSection id="collateral-proof" title="Proof of your collateral">
      {query.isPending && (
        <p className="loading" role="status">
          Loading the proof of your collateral…
        </p>
      )}
      {query.isError && (
        <RetryAlert
          title="We could not load the proof of your collateral."
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && (
        <>
          <p>
            Your coins, as the chain shows them: anyone can check this address and its transactions
            independently.
          </p>
          <CollateralProofDetails proof={query.data} headingLevel={3} idPrefix="loan-proof" />
          <PublicLinkPanel appUuid={appUuid} publicLink={query.data.publicLink} />
        </>
      )}
    </LoanSection>
  );
}
