/**
 * The explanations behind the refinancing list's modals (document 2 §2): how refinancing works,
 * current LTV, the rates by collateral treatment, stabilization and the combined loan ids.
 */
import type { TOffer } from '@pledge/contract';
import {
  REFI_COMPLETION_CALENDAR_DAYS,
  REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT,
  REFI_STABILIZATION_TRIGGER_LTV_PCT,
  REFI_TOP_UP_TARGET_LTV_PCT,
} from '@pledge/domain';
import { ScrollRegion } from '../../../ui/scroll-region.js';
import { formatLtv, formatRate } from '../../offer/format.js';
import { offerTreatment, TREATMENT_NAMES } from '../refi-loans.js';
import { ModalButton } from './modal-button.js';

export function RefiInfoButton() {
  return (
    <ModalButton label="How refinancing works" title="How refinancing works">
      <ol className="refi-steps">
        <li>
          Enter the loan ID of your Celsius loan. We find every loan of yours we can refinance.
        </li>
        <li>
          Choose a rate. Each rate comes with a collateral treatment: custody only, or ownership
          transfer.
        </li>
        <li>
          If your loan needs more collateral, deposit the top-up. Then review and sign your
          disclosures.
        </li>
      </ol>
      <p>
        Complete each application, signing included, within {REFI_COMPLETION_CALENDAR_DAYS} calendar
        days of submitting it. After that it is cancelled and you can start again.
      </p>
    </ModalButton>
  );
}

export function CurrentLtvButton() {
  return (
    <ModalButton
      label="What is current LTV?"
      hiddenLabel=" Opens an explanation"
      title="Current LTV"
    >
      <p>
        Your current loan-to-value (LTV) is what you owe on your Celsius loan divided by the value
        of its collateral today, in percent.
      </p>
      <ul>
        <li>
          Up to {REFI_TOP_UP_TARGET_LTV_PCT}%: you can refinance with custody only, without adding
          collateral.
        </li>
        <li>
          Above {REFI_TOP_UP_TARGET_LTV_PCT}% up to {REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT}%:
          ownership transfer needs no top-up; custody only needs a top-up that brings the LTV to{' '}
          {REFI_TOP_UP_TARGET_LTV_PCT}%.
        </li>
        <li>
          Above {REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT}%: custody only, with a top-up to{' '}
          {REFI_TOP_UP_TARGET_LTV_PCT}%.
        </li>
      </ul>
    </ModalButton>
  );
}

export function RatesByTreatmentButton({ offers }: { offers: readonly TOffer[] }) {
  return (
    <ModalButton
      label="Compare rates"
      hiddenLabel=" by collateral treatment"
      title="Rates by collateral treatment"
    >
      <p>
        <strong>Custody only:</strong> your coins are held in custody and never lent out.{' '}
        <strong>Ownership transfer:</strong> you allow the lender to reuse your coins
        (rehypothecation), for a lower rate and no top-up up to{' '}
        {REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT}% LTV.
      </p>
      {/* Scrolls sideways when wider than the dialog. */}
      <ScrollRegion className="refi-rates" aria-label="Rates">
        <table className="refi-rates__table">
          <thead>
            <tr>
              <th scope="col">Treatment</th>
              <th scope="col">APR</th>
              <th scope="col">Interest rate</th>
              <th scope="col">Top-up</th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => (
              <tr key={offer.uuid}>
                <th scope="row">{TREATMENT_NAMES[offerTreatment(offer)]}</th>
                <td data-label="APR">{formatRate(offer.annualPercentageRate)}</td>
                <td data-label="Interest rate">{formatRate(offer.interestRate)}</td>
                <td data-label="Top-up">
                  {offer.celsiusTopUpRequired
                    ? `To ${formatLtv(offer.postTopUpLoanToValue ?? REFI_TOP_UP_TARGET_LTV_PCT)} LTV`
                    : 'None'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </ModalButton>
  );
}

export function StabilizationButton() {
  return (
    <ModalButton
      label="What is stabilization?"
      hiddenLabel=" Opens an explanation"
      title="Stabilization"
    >
      <p>
        With stabilization, your loan is liquidated only when its LTV reaches{' '}
        {REFI_STABILIZATION_TRIGGER_LTV_PCT}%, which gives your collateral more room when prices
        fall.
      </p>
      <p>
        Stabilization is available with custody-only loans. It does not defer your interest-only
        payments: they stay due every month.
      </p>
    </ModalButton>
  );
}

export function CombinedLoanIdsButton({ loanIds }: { loanIds: readonly string[] }) {
  return (
    <ModalButton
      label={`${loanIds.length} combined loans`}
      hiddenLabel=": list the loan IDs"
      title="Combined loan IDs"
    >
      <p>These Celsius loans are refinanced together as one new loan:</p>
      <ul className="refi-loan-ids">
        {loanIds.map((loanId) => (
          <li key={loanId}>{loanId}</li>
        ))}
      </ul>
    </ModalButton>
  );
}
