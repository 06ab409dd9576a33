import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface TModalProps {
  isOpen: boolean;
  /** Called however the dialog closes: the close button, Escape, or a form with method="dialog". */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions at the bottom (confirm, cancel). */
  footer?: ReactNode;
  /** The close button's accessible name. */
  closeLabel?: string;
  className?: string;
}

/** Whether the element's content is taller than it, followed while `isActive`. */
function useIsScrollable(element: { current: HTMLElement | null }, isActive: boolean): boolean {
  const [isScrollable, setIsScrollable] = useState(false);
  useEffect(() => {
    const current = element.current;
    if (!isActive || current === null) return;
    const measure = () => setIsScrollable(current.scrollHeight > current.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(current);
    for (const child of current.children) observer.observe(child);
    return () => observer.disconnect();
  }, [element, isActive]);
  return isScrollable;
}

/**
 * A modal on the native <dialog> opened with showModal(): the browser keeps focus inside, makes
 * the rest of the page inert, closes on Escape and gives focus back to where it was.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  children,
  footer,
  closeLabel = 'Close',
  className,
}: TModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const body = useRef<HTMLDivElement>(null);
  const isBodyScrollable = useIsScrollable(body, isOpen);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialog}
      className={className === undefined ? 'modal' : `modal ${className}`}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onClose={onClose}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button
          type="button"
          className="modal__close"
          aria-label={closeLabel}
          onClick={() => dialog.current?.close()}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      {/* A body taller than the screen (small screens, large text) scrolls, and is focusable then so
          that a keyboard can scroll it too. */}
      <div
        ref={body}
        className="modal__body"
        {...(isBodyScrollable
          ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId }
          : undefined)}
      >
        {description !== undefined && (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        )}
        {children}
      </div>
      {footer !== undefined && <div className="modal__footer">{footer}</div>}
    </dialog>
  );
}
