import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/button/button.js';
import { useLiveRegion } from '../../../ui/live-region/live-region.js';
import type { TVerifyLabels, TVerifyState } from '../hooks/use-verify-action.js';

interface TVerifyButtonProps {
  state: TVerifyState;
  labels: TVerifyLabels;
  /** Submits the button's form instead of acting on click (the form validates first). */
  type?: 'button' | 'submit';
  onClick?: () => void;
  describedBy?: string;
}

/**
 * The button of a verify action in its four states. It stays focusable in every state (focus is
 * not lost while it works) and says each outcome to screen readers.
 */
export function VerifyButton({
  state,
  labels,
  type = 'button',
  onClick,
  describedBy,
}: TVerifyButtonProps) {
  const { announce, liveRegion } = useLiveRegion();
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === state) return;
    previous.current = state;
    if (state === 'verified' || state === 'error') announce(labels[state]);
  }, [announce, labels, state]);

  return (
    <>
      <Button
        type={type}
        isFullWidth={false}
        className={`verify-button verify-button--${state}`}
        isLoading={state === 'sending'}
        aria-disabled={state !== 'not' || undefined}
        aria-describedby={describedBy}
        data-state={state}
        onClick={(event) => {
          if (state !== 'not') {
            event.preventDefault();
            return;
          }
          onClick?.();
        }}
      >
        {labels[state]}
      </Button>
      {liveRegion}
    </>
  );
}
