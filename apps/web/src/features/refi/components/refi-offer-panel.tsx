import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TOffer, TRefinancingApplication } from '@pledge/contract';
import {
  applicationEndWords,
  isRefiSubmitted,
  isStabilizationAvailable,
  REFI_TOP_UP_STATES,
  refiSubmitLabel,
  ZRefiOfferForm,
} from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { RadioGroup } from '../../../ui/radio-group/radio-group.js';
import { OfferTermRows, OfferTerms } from '../../offer/components/offer-terms.js';
import { formatLtv, formatRate } from '../../offer/format.js';
import { offerTermRows } from '../../offer/offer-term-rows.js';
import { refusalMessage } from '../../renewal/api/api-message.js';
import { useRefiChoices } from '../hooks/use-refi-choices.js';
import {
  celsiusLoansName,
  chosenOffer,
  isOfferLocked,
  offerTreatment,
  rateChoices,
  refiNextStep,
  TREATMENT_NAMES,
} from '../refi-loans.js';
import { RatesByTreatmentButton, StabilizationButton } from './refi-explanations.js';

function RefiTerms({ offer }: { offer: TOffer }) {
  const rows = offerTermRows(offer);
  return (
    <OfferTermRows
      rows={[
        rows.amount,
        ['Collateral treatment', TREATMENT_NAMES[offerTreatment(offer)]],
        rows.interestRate,
        rows.apr,
        rows.monthlyPayment,
        rows.term,
        [
          rows.ltv[0],
          offer.celsiusTopUpRequired && offer.postTopUpLoanToValue !== null
            ? `${formatLtv(offer.postTopUpLoanToValue)} after your top-up`
            : rows.ltv[1],
        ],
        ['Collateral top-up', offer.celsiusTopUpRequired ? 'Required' : 'Not required'],
      ]}
    />
  );
}

/** An ended refinancing's card says what happened and leads to its coins, if any were sent. */
function EndedNotice({ app }: { app: TRefinancingApplication }) {
  const words = applicationEndWords(app.ending ?? { reason: 'BY_SUPPORT' }, {
    isRollForward: false,
    isCelsiusRefi: true,
  });
  const offerUuid = app.selectedOffer?.uuid;
  return (
    <Alert variant="warn" title={words.title}>
      <p>{words.whatHappened}</p>
      <p>{words.whatToDo}</p>
      {app.coinReturn !== undefined && offerUuid !== undefined && (
        <p>
          <Link to={paths.refinance.collateralTopUp.getHref(app.appUuid, offerUuid)}>
            See what happens to the coins you sent
          </Link>
        </p>
      )}
    </Alert>
  );
}

function rateLabel(offer: TOffer): string {
  return `${TREATMENT_NAMES[offerTreatment(offer)]}: ${formatRate(offer.annualPercentageRate)} APR`;
}

function rateDescription(offer: TOffer): string {
  const treatment =
    offerTreatment(offer) === 'CUSTODY_ONLY'
      ? 'Your coins are held in custody and never lent out.'
      : 'The lender may reuse your coins.';
  return `${treatment} ${offer.celsiusTopUpRequired ? 'Needs a collateral top-up.' : 'No top-up needed.'}`;
}

/**
 * The selected card's choices (document 2 §2): the rates by collateral treatment, stabilization
 * for custody-only offers, the offer's terms and the submit, whose label follows the state. A
 * submitted loan's offer is locked.
 */
export function RefiOfferPanel({
  identityUuid,
  app,
}: {
  identityUuid: string;
  app: TRefinancingApplication;
}) {
  const navigate = useNavigate();
  const { supportEmail } = useBrand();
  const { select, stabilization, confirm } = useRefiChoices(identityUuid, app);
  const [formError, setFormError] = useState<string | null>(null);
  // The box follows a click at once; the saved choice (or its rollback) takes over when it settles.
  const [pendingOptIn, setPendingOptIn] = useState<boolean | null>(null);
  const offer = chosenOffer(app);
  const isLocked = isOfferLocked(app);
  const choices = rateChoices(app);
  const isCustodyOnly = offer !== null && isStabilizationAvailable(offerTreatment(offer));
  const next = offer === null ? null : refiNextStep(app, offer);
  const headingId = `refi-offer-${app.appUuid}`;

  function goOn(answer: TRefinancingApplication, offerUuid: string) {
    const href = REFI_TOP_UP_STATES.includes(answer.state)
      ? paths.refinance.collateralTopUp.getHref(answer.appUuid, offerUuid)
      : paths.refinance.disclosures.getHref(answer.appUuid, offerUuid);
    void navigate(href);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZRefiOfferForm.safeParse({
      applicationUuid: app.appUuid,
      offerUuid: offer?.uuid ?? '',
      stabilization: app.stabilizationOptIn ?? false,
    });
    if (!parsed.success || next === null) {
      setFormError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
      return;
    }
    setFormError(null);
    const { offerUuid } = parsed.data;
    if (next.kind === 'top-up') {
      void navigate(paths.refinance.collateralTopUp.getHref(app.appUuid, offerUuid));
    } else if (next.kind === 'disclosures' && next.needsConfirmation) {
      confirm.mutate(offerUuid, { onSuccess: (answer) => goOn(answer, offerUuid) });
    } else if (next.kind === 'disclosures') {
      void navigate(paths.refinance.disclosures.getHref(app.appUuid, offerUuid));
    }
  }

  const refusal = select.error ?? stabilization.error ?? confirm.error;
  return (
    <form className="refi-offer" aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
      <h2 id={headingId}>Your offer for {celsiusLoansName(app.celsiusLoanNumbers)}</h2>
      {app.state === 'CANCELLED' && <EndedNotice app={app} />}
      {isRefiSubmitted(app.state) && (
        <Alert variant="info" title="Submitted">
          This loan’s offer is locked. To change it, contact us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </Alert>
      )}
      <RadioGroup
        label="Rate by collateral treatment"
        name="offerUuid"
        options={choices.map((choice) => ({
          value: choice.uuid,
          label: rateLabel(choice),
          description: rateDescription(choice),
        }))}
        value={offer?.uuid ?? ''}
        isRequired
        isDisabled={isLocked}
        error={formError}
        onValueChange={(offerUuid) => {
          setFormError(null);
          confirm.reset();
          if (offerUuid !== offer?.uuid) select.mutate(offerUuid);
        }}
      />
      <RatesByTreatmentButton offers={choices} />
      {isCustodyOnly && (
        <div className="refi-offer__stabilization">
          <Checkbox
            label="Opt in to stabilization"
            description="Your loan is liquidated only at a higher LTV. Custody-only loans only."
            checked={pendingOptIn ?? app.stabilizationOptIn === true}
            isDisabled={isLocked}
            onCheckedChange={(isChecked) => {
              setPendingOptIn(isChecked);
              stabilization.mutate(isChecked, { onSettled: () => setPendingOptIn(null) });
            }}
          />
          <StabilizationButton />
        </div>
      )}
      <OfferTerms
        className="refi-offer__terms"
        headingId={`${headingId}-terms`}
        headingLevel={3}
        isUpdating={false}
        terms={offer === null ? null : <RefiTerms offer={offer} />}
        hint="Choose a rate to see the terms of your new loan."
      />
      {refusal !== null && (
        <Alert variant="error" title="Your choice was not saved">
          {refusalMessage(refusal)}
        </Alert>
      )}
      {next?.kind !== 'none' && (
        <Button
          type="submit"
          isLoading={confirm.isPending || select.isPending}
          disabled={offer === null && isLocked}
        >
          {refiSubmitLabel({
            state: app.state,
            celsiusTopUpRequired: offer?.celsiusTopUpRequired ?? false,
          })}
        </Button>
      )}
    </form>
  );
}
