import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TPostRequestedOfferBody } from '@pledge/contract';
import { isApiError } from '../../../api/api-error.js';
import { useBrand } from '../../../brand/brand-context.js';
import type { TCreatedApplication } from '../continue-with-offer.js';
import type { TContinueStep } from '../continue-steps.js';

export type TContinueStatus =
  | { status: 'idle' }
  | { status: 'running'; step: TContinueStep | null }
  | { status: 'failed'; messages: string[] };

const KEY_BYTES = 16;

/** 128 random bits as hex: an idempotency key for this page's application. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const SIGNED_OUT_MESSAGE = 'Your sign-in has ended. Press Continue to sign in again.';

/** What went wrong, in the server's words: its field messages when it gave any. */
export function continueErrorMessages(error: unknown): string[] {
  if (isApiError(error) && error.status === 401) return [SIGNED_OUT_MESSAGE];
  if (isApiError(error)) {
    const fieldMessages = Object.values(error.apiError?.fieldErrors ?? {}).flat();
    return fieldMessages.length > 0 ? [...new Set(fieldMessages)] : [error.message];
  }
  return [error instanceof Error ? error.message : String(error)];
}

/**
 * Continue of the offer page for a signed-in borrower: runs the steps once at a time (a second
 * press while they run does nothing) and goes where they lead. An application created by a try
 * that failed later is reused by the next try, so that retrying never makes a second one.
 */
export function useOfferContinue({ forceWebParam }: { forceWebParam: string | null }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TContinueStatus>({ status: 'idle' });
  const isRunning = useRef(false);
  const createdApplication = useRef<TCreatedApplication | null>(null);
  const idempotencyKey = useRef<string | null>(null);

  const run = useCallback(
    async (offer: TPostRequestedOfferBody) => {
      if (isRunning.current) return;
      isRunning.current = true;
      setStatus({ status: 'running', step: null });
      idempotencyKey.current ??= randomKey();
      try {
        const { continueWithOffer } = await import('../continue-with-offer.js');
        const href = await continueWithOffer({
          brand,
          forceWebParam,
          offer,
          createdApplication: createdApplication.current,
          idempotencyKey: idempotencyKey.current,
          onStep: (step) => setStatus({ status: 'running', step }),
          onApplicationCreated: (created) => {
            createdApplication.current = created;
          },
        });
        void navigate(href);
      } catch (error) {
        setStatus({ status: 'failed', messages: continueErrorMessages(error) });
      } finally {
        isRunning.current = false;
      }
    },
    [brand, forceWebParam, navigate],
  );

  return { status, run };
}
