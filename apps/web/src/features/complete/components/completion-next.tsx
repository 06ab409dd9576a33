import { Link } from 'react-router';
import type { TApplication } from '@pledge/contract';
import {
  ACH_FUNDS_BUSINESS_DAYS,
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  DISBURSEMENT_AFTER_VERIFY_BUSINESS_DAYS,
  MICRO_TRANSFER_BUSINESS_DAYS,
  USDC_TEST_TRANSFER_AMOUNT,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { businessDaysText } from '../../collateral/collateral-display.js';
import { CollateralNotFound } from '../../collateral/components/collateral-not-found.js';
import { useFinalSteps } from '../../final-steps/api/get-final-steps.js';
import { IdentityFundingPrompt } from '../../identity/components/identity-funding-prompt.js';
import { useIdentityFundingPrompt } from '../../identity/hooks/use-identity-funding-prompt.js';
import { MicroTransferConfirmation } from './micro-transfer-confirmation.js';

const ACH_DAYS = businessDaysText(ACH_FUNDS_BUSINESS_DAYS);
const MICRO_TRANSFER_DAYS = businessDaysText(MICRO_TRANSFER_BUSINESS_DAYS);
const AFTER_VERIFY_DAYS = businessDaysText(DISBURSEMENT_AFTER_VERIFY_BUSINESS_DAYS);

function DashboardLink() {
  return (
    <Link className="button" to={paths.dashboard.getHref()}>
      Go to your dashboard
    </Link>
  );
}

interface TStepText {
  heading: string;
  body: string[];
}

/** `isIdentityAwaited`: the funds wait for the borrower's ID, so no release is promised yet. */
function stepText(application: TApplication, isIdentityAwaited: boolean): TStepText {
  const { state, isInternational, isRollForward } = application;
  switch (state) {
    case 'WAITING_FOR_COLLATERAL':
      return {
        heading: 'Waiting for your collateral',
        body: [
          'Your application is complete. We move on as soon as your collateral is confirmed on chain at your deposit address.',
          `The full amount must arrive within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing your loan agreement, or your application is cancelled.`,
        ],
      };
    case 'CRYPTO_FUNDING_VERIFY':
      return {
        heading: 'Collateral received',
        body: [
          'We received your collateral and are verifying it.',
          isRollForward
            ? 'Once it’s verified, we renew your loan. No new funds are disbursed.'
            : isInternational
              ? `Once it’s verified, we send a small USDC test transfer to your wallet. It arrives within ${MICRO_TRANSFER_DAYS}.`
              : `Once it’s verified, we send your funds to your bank account by ACH. ACH funds arrive in ${ACH_DAYS}.`,
        ],
      };
    case 'BORROWER_MICRO_DEPOSIT_CONFIRM':
      return {
        heading: 'Confirm your test transfer',
        body: [
          `We sent a test transfer of ${USDC_TEST_TRANSFER_AMOUNT} USDC to your wallet. It arrives within ${MICRO_TRANSFER_DAYS}.`,
          `Once you see it in your wallet, confirm it below. Your full disbursement follows within ${AFTER_VERIFY_DAYS} after you confirm.`,
        ],
      };
    case 'MANUAL_FUNDING_RELEASE':
      if (isRollForward) {
        return { heading: 'Renewing your loan', body: ['We’re renewing your loan.'] };
      }
      if (isIdentityAwaited) {
        return {
          heading: isInternational ? 'Disbursement verified' : 'Collateral verified',
          body: [
            isInternational
              ? 'Thanks for confirming your test transfer. Your full USDC disbursement follows once your ID is verified.'
              : `Your collateral is verified. We release your funds by ACH once your ID is verified; ACH funds arrive in ${ACH_DAYS}.`,
          ],
        };
      }
      return isInternational
        ? {
            heading: 'Disbursement verified',
            body: [
              `Thanks for confirming your test transfer. Your full USDC disbursement follows within ${AFTER_VERIFY_DAYS}.`,
            ],
          }
        : {
            heading: 'Collateral verified',
            body: [
              `Your collateral is verified and we’re releasing your funds by ACH. ACH funds arrive in ${ACH_DAYS}.`,
            ],
          };
    case 'COMPLETE':
      if (isRollForward) {
        return {
          heading: 'Loan renewed',
          body: ['Your loan has been renewed. No new funds were disbursed.'],
        };
      }
      return {
        heading: 'Funds disbursed',
        body: [
          isInternational
            ? 'Your loan is complete and your USDC has been sent to your wallet.'
            : `Your loan is complete and your funds are on their way by ACH. ACH funds arrive in ${ACH_DAYS}.`,
        ],
      };
    default:
      return { heading: 'What happens next', body: ['We’re processing your application.'] };
  }
}

/**
 * The collateral is in but the payout account is not: the loan waits for it, and the
 * page says so instead of promising funds.
 */
function disbursementMissingText(isInternational: boolean): TStepText {
  return {
    heading: 'Add your disbursement account',
    body: [
      'We received your collateral. To release your loan, we still need to know where to send the funds.',
      isInternational
        ? 'Give the USDC wallet your loan is paid to. We then send a small test transfer to it.'
        : 'Link your bank or enter its account details. We release your funds once it’s on record.',
    ],
  };
}

/** Whether the payout account is still missing (CRYPTO_FUNDING_VERIFY of a new loan only). */
function useIsDisbursementMissing(application: TApplication): boolean {
  const isWaiting = application.state === 'CRYPTO_FUNDING_VERIFY' && !application.isRollForward;
  const steps = useFinalSteps(application.appUuid, { enabled: isWaiting });
  if (!isWaiting || steps.data === undefined) return false;
  const item = steps.data.items.find((candidate) => candidate.name === 'Disbursement Account');
  return item !== undefined && item.status !== 'COMPLETED' && item.status !== 'NOT_REQUIRED';
}

/** What happens next at the current step (document 1 §9), and what the borrower can do there. */
export function CompletionNext({ application }: { application: TApplication }) {
  const { appUuid, state, isInternational } = application;
  const isDisbursementMissing = useIsDisbursementMissing(application);
  const identityPrompt = useIdentityFundingPrompt(application);
  const { heading, body } = isDisbursementMissing
    ? disbursementMissingText(isInternational)
    : stepText(application, identityPrompt !== null);
  return (
    <section className="completion__next" aria-labelledby="completion-next-heading">
      <h2 id="completion-next-heading">{heading}</h2>
      {body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {state === 'WAITING_FOR_COLLATERAL' && (
        <>
          <CollateralNotFound collateral={application.collateral} />
          <Link
            className="button button--secondary"
            to={paths.application.collateral.getHref(appUuid)}
          >
            View your deposit address
          </Link>
        </>
      )}
      {isDisbursementMissing && (
        <Link
          className="button"
          to={
            isInternational
              ? paths.application.usdcDisbursement.getHref(appUuid)
              : paths.application.disbursement.getHref(appUuid)
          }
        >
          Add your disbursement account
        </Link>
      )}
      {identityPrompt !== null && (
        <IdentityFundingPrompt appUuid={appUuid} prompt={identityPrompt} />
      )}
      {state === 'BORROWER_MICRO_DEPOSIT_CONFIRM' && isInternational && (
        <MicroTransferConfirmation appUuid={appUuid} />
      )}
      {state === 'COMPLETE' && <DashboardLink />}
    </section>
  );
}
