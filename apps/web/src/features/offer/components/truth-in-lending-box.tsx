import {
  formatUsd,
  paymentScheduleSummary,
  totalCostSentence,
  TRUTH_IN_LENDING_TERMS,
  truthInLending,
  truthInLendingValues,
  type TTruthInLendingOffer,
} from '@pledge/domain';

const FIGURES = ['apr', 'financeCharge', 'amountFinanced', 'totalOfPayments'] as const;

/**
 * The cost of the offered loan before sign-in: the Truth in Lending figures for the amounts
 * entered, from the function the signed disclosure states them with, and the total in plain words.
 */
export function TruthInLendingBox({ offer }: { offer: TTruthInLendingOffer }) {
  const figures = truthInLending(offer);
  const values = truthInLendingValues(figures);
  return (
    <section className="tila-box" aria-labelledby="tila-box-heading">
      <h3 id="tila-box-heading">The cost of your credit</h3>
      <dl className="tila-box__figures">
        {FIGURES.map((key) => (
          <div key={key} className="tila-box__figure">
            <dt>
              {TRUTH_IN_LENDING_TERMS[key].label}
              <span className="tila-box__meaning">{TRUTH_IN_LENDING_TERMS[key].meaning}</span>
            </dt>
            <dd>{values[key]}</dd>
          </div>
        ))}
      </dl>
      <p className="tila-box__line">
        Payment schedule: {paymentScheduleSummary(figures.paymentRuns)}.
      </p>
      <p className="tila-box__line">
        Origination fee (a prepaid finance charge, in the finance charge above):{' '}
        {formatUsd(figures.prepaidFinanceChargeCents)}.
      </p>
      <p className="tila-box__total">{totalCostSentence(figures)}</p>
    </section>
  );
}
