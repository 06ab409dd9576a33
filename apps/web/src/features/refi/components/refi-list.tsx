import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { TRefinancingApplication } from '@pledge/contract';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PendingData } from '../../application/components/application-load-error.js';
import { refiApplicationsQueryKey, useRefiApplications } from '../api/refi-applications.js';
import {
  hasSubmittedLoan,
  mergeApplications,
  preselectedAppUuid,
  refiCards,
} from '../refi-loans.js';
import { LoanIdModal } from './loan-id-modal.js';
import { RefiCard } from './refi-card.js';
import { CurrentLtvButton, RefiInfoButton } from './refi-explanations.js';
import { RefiOfferPanel } from './refi-offer-panel.js';
import { RefiSignedInPage } from './refi-signed-in-page.js';

export const REFI_LIST_TITLE = 'Refinance your Celsius loans';
export const REFI_DONE_LINK = "I'm done adding loans";

/**
 * What a page sends back to the list with: a failure to say there, and the loan to show (a
 * refinancing re-priced at its signature: its new offer, to accept again).
 */
export type TRefiListState = {
  title: string;
  error: string;
  appUuid?: string;
  variant?: 'error' | 'warn';
} | null;

/** The failure a page sent back with, if the location's state is one. */
export function returnedFailure(state: unknown): TRefiListState {
  if (typeof state !== 'object' || state === null) return null;
  const { title, error, appUuid, variant } = state as Record<string, unknown>;
  if (typeof title !== 'string' || typeof error !== 'string') return null;
  return {
    title,
    error,
    ...(typeof appUuid === 'string' ? { appUuid } : {}),
    ...(variant === 'warn' ? { variant } : {}),
  };
}

function RefiLoans({ identityUuid }: { identityUuid: string }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const returned = returnedFailure(location.state);
  const applications = useRefiApplications(identityUuid);
  const [chosen, setChosen] = useState<string | null>(returned?.appUuid ?? null);
  const [isLookupOpen, setIsLookupOpen] = useState(false);

  if (applications.data === undefined) {
    return <PendingData query={applications} what="your loans" />;
  }
  const cards = refiCards(applications.data);
  const selectedUuid =
    cards.find((app) => app.appUuid === chosen)?.appUuid ?? preselectedAppUuid(cards);
  const selected = cards.find((app) => app.appUuid === selectedUuid);

  function onFound(found: TRefinancingApplication[]) {
    queryClient.setQueryData<TRefinancingApplication[]>(
      refiApplicationsQueryKey(identityUuid),
      (current) => mergeApplications(current ?? [], found),
    );
    setChosen(found[0]?.appUuid ?? null);
    setIsLookupOpen(false);
  }

  return (
    <div className="refi">
      <div className="refi__intro">
        <p>
          Move your Celsius loans to a new loan with us. Enter a loan ID to find the loans you can
          refinance, choose a rate and sign.
        </p>
        <div className="refi__links">
          <Button
            variant="link"
            isFullWidth={false}
            aria-haspopup="dialog"
            onClick={() => setIsLookupOpen(true)}
          >
            Enter Loan ID
          </Button>
          <RefiInfoButton />
        </div>
      </div>
      {returned !== null && (
        <Alert variant={returned.variant ?? 'error'} title={returned.title}>
          {returned.error}
        </Alert>
      )}
      {cards.length === 0 ? (
        <p className="refi__empty">
          No loans yet. Enter the loan ID of a Celsius loan to see what we can offer.
        </p>
      ) : (
        <div className="refi__layout">
          <fieldset className="refi__cards">
            <legend>Your Celsius loans</legend>
            <ul className="refi-cards">
              {cards.map((app) => (
                <RefiCard
                  key={app.appUuid}
                  app={app}
                  isSelected={app.appUuid === selectedUuid}
                  onSelect={() => setChosen(app.appUuid)}
                />
              ))}
            </ul>
            <CurrentLtvButton />
          </fieldset>
          {selected === undefined ? (
            <p className="refi__hint">Select a loan to see its rates.</p>
          ) : (
            <RefiOfferPanel key={selected.appUuid} identityUuid={identityUuid} app={selected} />
          )}
        </div>
      )}
      {hasSubmittedLoan(cards) && (
        <p className="refi__done">
          <Link to={paths.refinance.complete.getHref()}>{REFI_DONE_LINK}</Link>
        </p>
      )}
      <LoanIdModal
        isOpen={isLookupOpen}
        onClose={() => setIsLookupOpen(false)}
        onFound={(answer) => onFound(answer.applications)}
      />
    </div>
  );
}

/**
 * /celsius-refi (document 2 §2): the borrower's refinancing loans as cards (ETH before BTC), the
 * loan-ID lookup and, for the selected card, its rates, stabilization, terms and submit.
 */
export function RefiList() {
  return (
    <RefiSignedInPage title={REFI_LIST_TITLE} className="refi-page">
      {(identityUuid) => <RefiLoans identityUuid={identityUuid} />}
    </RefiSignedInPage>
  );
}
