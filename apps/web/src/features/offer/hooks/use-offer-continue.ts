import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TPostRequestedOfferBody } from '@pledge/contract';
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
        const outcome = await continueWithOffer({
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
        if (outcome.status === 'accepted') void navigate(outcome.href);
        else setStatus({ status: 'failed', messages: outcome.messages });
      } catch (error) {
        // The code of Continue itself did not load.
        setStatus({ status: 'failed', messages: [errorText(error)] });
      } finally {
        isRunning.current = false;
      }
    },
    [brand, forceWebParam, navigate],
  );

  return { status, run };
}
