import { Link } from 'react-router';
import type { TApplication, TFinalSteps } from '@pledge/contract';
import {
  appPath,
  canContinueFinalSteps,
  finalStepRoute,
  isFinalStepEnabled,
  showBankAccountInReview,
  showIdInReview,
  visibleFinalSteps,
  type TFinalStepName,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { FinalStepRow } from './final-step-row.js';

function stepDescription(name: TFinalStepName, isInternational: boolean): string {
  switch (name) {
    case 'Verify Identity':
      return isInternational
        ? 'Upload a photo of your passport.'
        : 'Upload a photo of your government-issued ID.';
    case 'Review Agreements':
      return 'Review and sign your loan agreement and disclosures.';
    case 'Disbursement Account':
      return isInternational
        ? 'Give the wallet address where we send your USDC.'
        : 'Choose the bank account where we send your loan.';
    case 'Post Collateral':
      return 'Send your collateral to your deposit address.';
  }
}

function waitingReason(name: TFinalStepName): string | null {
  switch (name) {
    case 'Review Agreements':
      return 'Available once your agreements are ready to sign.';
    case 'Post Collateral':
      return 'Available once your agreements are signed.';
    case 'Verify Identity':
    case 'Disbursement Account':
      return null;
  }
}

interface TFinalStepsChecklistProps {
  application: TApplication;
  finalSteps: TFinalSteps;
}

/**
 * The four final steps (document 1 §4): rows the application does not need are hidden, each row
 * opens its page when the state allows it, and Continue waits for the server to report every step
 * complete.
 */
export function FinalStepsChecklist({ application, finalSteps }: TFinalStepsChecklistProps) {
  const { appUuid, state, isInternational, isRollForward } = application;
  const rows = visibleFinalSteps(finalSteps.items, { isRenewal: isRollForward });
  const canContinue = canContinueFinalSteps(finalSteps.status);
  return (
    <>
      {showIdInReview(finalSteps.items) && (
        <Alert variant="warn" title="ID in Review">
          We’re reviewing the ID you uploaded. We’ll let you know if we need anything else.
        </Alert>
      )}
      {showBankAccountInReview(finalSteps.items) && (
        <Alert variant="warn" title="Bank Account in Review">
          The name on the bank account you gave is not the name on your application, so we’re
          checking the account before we send your loan to it. We’ll let you know if we need a
          different account.
        </Alert>
      )}
      <ol className="final-steps" aria-label="Final steps">
        {rows.map((item) => (
          <FinalStepRow
            key={item.name}
            name={item.name}
            status={item.status}
            isEnabled={isFinalStepEnabled(item.name, state)}
            description={stepDescription(item.name, isInternational)}
            waitingReason={waitingReason(item.name)}
            href={appPath(appUuid, finalStepRoute(item.name, { isInternational }))}
          />
        ))}
      </ol>
      <div className="final-steps__continue">
        {canContinue ? (
          <Link className="button" to={paths.application.complete.getHref(appUuid)}>
            Continue
          </Link>
        ) : (
          <>
            <Button disabled aria-describedby="final-steps-continue-note">
              Continue
            </Button>
            <p className="field__note" id="final-steps-continue-note">
              Continue is available once every step is complete.
            </p>
          </>
        )}
      </div>
    </>
  );
}
