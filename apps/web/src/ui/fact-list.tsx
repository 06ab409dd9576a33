import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { classNames } from './field/field-parts.js';

/** One line of a fact list: what it is and its value; a total line is set apart. */
export interface TFact {
  label: string;
  value: ReactNode;
  isTotal?: boolean;
  /** A class for the value, such as one breaking a long address. */
  valueClassName?: string;
}

/**
 * Label–value lines (balances, amounts, an account to confirm). `kind` is the class the list is
 * styled by and names its total line (`${kind}__total`); `className` adds a class beside it.
 */
export function FactList({
  kind,
  facts,
  className,
  ...rest
}: { kind: string; facts: readonly TFact[] } & Omit<ComponentPropsWithoutRef<'dl'>, 'children'>) {
  return (
    <dl className={classNames(kind, className)} {...rest}>
      {facts.map((fact) => (
        <div key={fact.label} className={fact.isTotal === true ? `${kind}__total` : undefined}>
          <dt>{fact.label}</dt>
          <dd className={fact.valueClassName}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
