import type { ReactElement, ReactNode } from 'react';

/** One line of an offer's terms: what it is, and its figure. */
export type TOfferTermRow = readonly [label: ReactNode, value: ReactNode];

/** The monthly payment's label: the payment is of interest only (document 1 §2). */
export const MONTHLY_PAYMENT_LABEL = (
  <>
    Estimated monthly payment <span className="offer-terms__note">(interest only)</span>
  </>
);

/** The figures of an offer, a line each, as 'Terms of your offer' lists them. */
export function OfferTermRows({ rows }: { rows: readonly TOfferTermRow[] }) {
  return (
    <dl className="offer-terms__list">
      {rows.map(([label, value], index) => (
        <div key={index} className="offer-terms__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface TOfferTermsProps {
  /** The offer's figures for the current inputs (OfferTermRows); null while there is none. */
  terms: ReactElement | null;
  /** Said in the panel while there is no offer: what the borrower can do to get one. */
  hint: string;
  /** The offer is being priced for new inputs. */
  isUpdating: boolean;
  /** Said above the figures while they are priced again. */
  updatingText?: string;
  /** What follows the figures: where to learn more, or the offer's acceptance. */
  children?: ReactNode;
  headingId?: string;
  /** Within a section of its own (a refinancing's card) the panel's heading is one level lower. */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * 'Terms of your offer' (document 1 §2): the panel of a new loan's offer, a renewal's and a
 * refinancing's. A new loan's figures are worked out with the domain's offer maths from the quoted
 * price (the server prices the offer again when the borrower continues); a renewal's and a
 * refinancing's are the server's offer.
 */
export function OfferTerms({
  terms,
  hint,
  isUpdating,
  updatingText,
  children,
  headingId = 'offer-terms-heading',
  headingLevel = 2,
  className,
}: TOfferTermsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={className === undefined ? 'offer-terms' : `offer-terms ${className}`}
      aria-labelledby={headingId}
      aria-busy={isUpdating}
    >
      <Heading id={headingId}>Terms of your offer</Heading>
      {isUpdating && updatingText !== undefined && (
        <p className="offer-terms__hint">{updatingText}</p>
      )}
      {terms === null ? <p className="offer-terms__hint">{hint}</p> : terms}
      {children}
    </section>
  );
}
