import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@pledge/domain';
import { Button, type TButtonVariant } from '../button/button.js';
import { useLiveRegion } from '../live-region/live-region.js';

type TCopyState = 'idle' | 'copied' | 'failed';

export interface TCopyButtonProps {
  /** The text put on the clipboard. */
  text: string;
  /** What is copied, said after the label to screen readers ("deposit address"). */
  what?: string;
  label?: string;
  copiedLabel?: string;
  failedLabel?: string;
  variant?: TButtonVariant;
  isDisabled?: boolean;
  className?: string;
}

/**
 * Copies a text to the clipboard and says 'Copied' for COPY_CONFIRMATION_MS (document 2 §2, §9),
 * both on the button and to screen readers.
 */
export function CopyButton({
  text,
  what,
  label = 'Copy',
  copiedLabel = 'Copied',
  failedLabel = 'Copy failed',
  variant = 'secondary',
  isDisabled = false,
  className,
}: TCopyButtonProps) {
  const [state, setState] = useState<TCopyState>('idle');
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { announce, liveRegion } = useLiveRegion();

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  function show(next: Exclude<TCopyState, 'idle'>) {
    clearTimeout(resetTimer.current);
    setState(next);
    announce(next === 'copied' ? copiedLabel : failedLabel);
    resetTimer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  }

  async function onCopy() {
    try {
      // navigator.clipboard is missing outside secure contexts; that is a failure like any other.
      await navigator.clipboard.writeText(text);
      show('copied');
    } catch {
      show('failed');
    }
  }

  const visibleLabel = { idle: label, copied: copiedLabel, failed: failedLabel }[state];
  return (
    <>
      <Button
        variant={variant}
        isFullWidth={false}
        className={className === undefined ? 'copy-button' : `copy-button ${className}`}
        disabled={isDisabled}
        data-state={state}
        onClick={() => void onCopy()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          {state === 'copied' ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          ) : (
            <path d="M9 9h10v10H9zM5 15V5h10" />
          )}
        </svg>
        {visibleLabel}
        {what !== undefined && (
          <>
            {' '}
            <span className="visually-hidden">{what}</span>
          </>
        )}
      </Button>
      {liveRegion}
    </>
  );
}
