import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TPostLoanDetailsBodyInput } from '@pledge/contract';
import { isApiError } from '../../../api/client.js';
import {
  applicationQueryKey,
  setCachedApplicationState,
} from '../../application/api/get-application.js';
import { getKrangState } from '../../application/api/get-krang-state.js';
import { applicationDestinationHref } from '../../application/application-route.js';
import { postLoanDetails } from '../api/post-loan-details.js';
import type { TDetailsFieldErrors, TDetailsFieldPath } from '../details-form-values.js';
import { useWaitForDetailsOutcome } from './use-wait-for-details-outcome.js';

/** 'still-processing': the polls ran out with the server still deciding (document 2 §9). */
export type TDetailsPhase = 'editing' | 'submitting' | 'checking' | 'still-processing';

/**
 * Sends the details once (a second submit while one is under way does nothing), then waits for the
 * server's decision and goes to the page for it. A refusal comes back as messages per field, or as
 * one message for the form.
 */
export function useDetailsSubmission(appUuid: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TDetailsPhase>('editing');
  const [serverErrors, setServerErrors] = useState<TDetailsFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [refusalCount, setRefusalCount] = useState(0);
  const isBusy = useRef(false);
  const isWaiting = useRef(false);
  const waitForOutcome = useWaitForDetailsOutcome(appUuid);

  /** Polls the state until the server has decided, then leaves for the page of the decision. */
  const waitForDecision = useCallback(async () => {
    if (isWaiting.current) return;
    isWaiting.current = true;
    isBusy.current = true;
    setPhase('checking');
    const outcome = await waitForOutcome();
    if (outcome === null) return;
    if (outcome.kind === 'settled') {
      setCachedApplicationState(queryClient, appUuid, outcome.state);
      void navigate(applicationDestinationHref(appUuid, outcome.route), { replace: true });
    } else {
      // The dashboard is where the decision will show (document 2 §9); the borrower is told so
      // and goes there from the message, rather than being moved without a word.
      setPhase('still-processing');
    }
  }, [appUuid, navigate, queryClient, waitForOutcome]);

  function refuse(fieldErrors: TDetailsFieldErrors, message: string | null) {
    isBusy.current = false;
    setServerErrors(fieldErrors);
    setFormError(message);
    setRefusalCount((count) => count + 1);
    setPhase('editing');
  }

  /**
   * A conflict means the application is past OFFER_ACCEPTED: already being checked (a submit from
   * another tab), already decided, or with no accepted offer yet. Its state says which.
   */
  async function onConflict(message: string) {
    try {
      const { state } = await getKrangState(appUuid);
      if (state !== 'CREATED' && state !== 'OFFER_ACCEPTED') {
        await waitForDecision();
        return;
      }
    } catch {
      // The message of the refusal is all there is to show.
    }
    refuse({}, message);
  }

  async function submit(body: TPostLoanDetailsBodyInput) {
    if (isBusy.current) return;
    isBusy.current = true;
    setPhase('submitting');
    setServerErrors({});
    setFormError(null);
    try {
      const application = await postLoanDetails(appUuid, body);
      queryClient.setQueryData(applicationQueryKey(appUuid), application);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        await onConflict(error.message);
        return;
      }
      const fieldErrors = isApiError(error) ? (error.apiError?.fieldErrors ?? {}) : {};
      // With messages per field, the form shows those; the summary would only repeat the first.
      const hasFieldErrors = Object.keys(fieldErrors).length > 0;
      refuse(fieldErrors, hasFieldErrors || !(error instanceof Error) ? null : error.message);
      return;
    }
    await waitForDecision();
  }

  const resolveServerError = useCallback((path: TDetailsFieldPath) => {
    setServerErrors((current) => {
      if (current[path] === undefined) return current;
      const { [path]: _resolved, ...rest } = current;
      return rest;
    });
  }, []);

  return {
    phase,
    submit,
    waitForDecision,
    serverErrors,
    resolveServerError,
    formError,
    refusalCount,
  };
}
