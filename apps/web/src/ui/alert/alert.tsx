import type { ReactNode } from 'react';
import { Button } from '../button/button.js';

export type TAlertVariant = 'info' | 'warn' | 'error' | 'success';

/** Said before the message, since the colour and icon alone tell a screen reader nothing. */
const VARIANT_PREFIX: Record<TAlertVariant, string> = {
  info: 'Information',
  warn: 'Warning',
  error: 'Error',
  success: 'Success',
};

export interface TAlertProps {
  variant?: TAlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * For a message that appears after something the person did (a saved form, a finished upload):
   * announce it politely. Errors are always announced.
   */
  isLive?: boolean;
  /** Shows a dismiss button. */
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
}

const ICON_PATHS: Record<TAlertVariant, string> = {
  info: 'M12 8h.01M11 12h1v5h1',
  warn: 'M12 9v4M12 17h.01',
  error: 'M12 8v5M12 16.5h.01',
  success: 'M7.5 12.5l3 3 6-6.5',
};

function alertRole(variant: TAlertVariant, isLive: boolean): 'alert' | 'status' | undefined {
  if (variant === 'error') return 'alert';
  return isLive ? 'status' : undefined;
}

/**
 * A message box in four variants. Only errors interrupt (role="alert"); the others are part of the
 * page, or polite status messages when `isLive`.
 */
export function Alert({
  variant = 'info',
  title,
  children,
  isLive = false,
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
}: TAlertProps) {
  return (
    <div
      className={`alert alert--${variant}${className === undefined ? '' : ` ${className}`}`}
      role={alertRole(variant, isLive)}
    >
      <svg
        className="alert__icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9.5" />
        <path d={ICON_PATHS[variant]} />
      </svg>
      <div className="alert__body">
        {title !== undefined && (
          <p className="alert__title">
            <span className="visually-hidden">{VARIANT_PREFIX[variant]}:</span> {title}
          </p>
        )}
        {title === undefined && (
          <>
            <span className="visually-hidden">{VARIANT_PREFIX[variant]}:</span>{' '}
          </>
        )}
        {children !== undefined && <div className="alert__content">{children}</div>}
      </div>
      {onDismiss !== undefined && (
        <button
          type="button"
          className="alert__dismiss"
          aria-label={dismissLabel}
          onClick={onDismiss}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}

/** What a screen shows when what it reads could not be loaded: say so, and offer to read it again. */
export function RetryAlert({ title, onRetry }: { title: ReactNode; onRetry: () => void }) {
  return (
    <Alert variant="error" title={title}>
      <p>Check your connection and try again.</p>
      <Button isFullWidth={false} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
