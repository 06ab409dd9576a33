import type { ReactElement, ReactNode } from 'react';

export interface TOfferTermsProps {
  /** The offer's figures for the current inputs (see OfferTermsList); null while there is none. */
  terms: ReactElement | null;
  /** Said in the panel while there is no offer: what the borrower can do to get one. */
  hint: string;
  /** The offer is being priced for new inputs. */
  isUpdating: boolean;
  learnMore: ReactNode;
}

/**
 * 'Terms of your offer' (document 1 §2), worked out with the domain's offer maths from the quoted
 * price; the server prices the offer again when the borrower continues. The panel shows from the
 * first paint; its figures (and the maths behind them) load with the offer results.
 */
export function OfferTerms({ terms, hint, isUpdating, learnMore }: TOfferTermsProps) {
  return (
    <section className="offer-terms" aria-labelledby="offer-terms-heading" aria-busy={isUpdating}>
      <h2 id="offer-terms-heading">Terms of your offer</h2>
      {terms === null ? <p className="offer-terms__hint">{hint}</p> : terms}
      {learnMore}
    </section>
  );
}
