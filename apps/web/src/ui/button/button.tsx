import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { classNames } from '../field/field-parts.js';

export type TButtonVariant = 'primary' | 'secondary' | 'link';

interface TButtonStyleProps {
  variant?: TButtonVariant;
  /** Full width suits forms on small screens; link-styled buttons default to their content's width. */
  isFullWidth?: boolean;
  className?: string | undefined;
}

/** The classes of a button; also for links that look like buttons (`<a className={…}>`). */
export function buttonClassName({
  variant = 'primary',
  isFullWidth = variant !== 'link',
  className,
}: TButtonStyleProps = {}): string {
  return classNames(
    'button',
    variant !== 'primary' && `button--${variant}`,
    !isFullWidth && 'button--fit',
    className,
  );
}

export interface TButtonProps extends ComponentPropsWithRef<'button'>, TButtonStyleProps {
  /**
   * While an action runs: the button stays focusable (so focus is not lost) but does nothing, and
   * says it is busy.
   */
  isLoading?: boolean;
}

export function Button({
  variant = 'primary',
  isFullWidth,
  isLoading = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: TButtonProps) {
  function onButtonClick(event: MouseEvent<HTMLButtonElement>) {
    if (isLoading) {
      // Also stops a submit button from submitting its form a second time.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, isFullWidth, className })}
      aria-busy={isLoading || undefined}
      aria-disabled={isLoading || rest['aria-disabled'] || undefined}
      onClick={onButtonClick}
    >
      {isLoading && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
