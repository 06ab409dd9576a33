import { useRef, type ReactNode, type SyntheticEvent } from 'react';

export interface TAccordionProps {
  children: ReactNode;
  className?: string;
}

/** A stack of disclosure items. */
export function Accordion({ children, className }: TAccordionProps) {
  return (
    <div className={className === undefined ? 'accordion' : `accordion ${className}`}>
      {children}
    </div>
  );
}

export interface TAccordionItemProps {
  title: ReactNode;
  children: ReactNode;
  /** Open or closed; controlled when given. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Items sharing a name form an exclusive group: opening one closes the others. */
  name?: string;
  id?: string;
}

/**
 * One item on the native <details>/<summary>: keyboard, screen-reader state (expanded or
 * collapsed) and find-in-page opening come with the element.
 */
export function AccordionItem({
  title,
  children,
  isOpen,
  defaultOpen = false,
  onOpenChange,
  name,
  id,
}: TAccordionItemProps) {
  // The toggle event also fires for an item rendered open; report only real changes.
  const lastOpen = useRef(isOpen ?? defaultOpen);

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    const isNowOpen = event.currentTarget.open;
    if (isNowOpen === lastOpen.current) return;
    lastOpen.current = isNowOpen;
    onOpenChange?.(isNowOpen);
  }

  return (
    <details
      id={id}
      className="accordion__item"
      name={name}
      open={isOpen ?? defaultOpen}
      onToggle={onToggle}
    >
      <summary className="accordion__summary">{title}</summary>
      <div className="accordion__content">{children}</div>
    </details>
  );
}
