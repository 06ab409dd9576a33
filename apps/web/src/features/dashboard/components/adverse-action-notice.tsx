import { useBrand } from '../../../brand/brand-context.js';

/**
 * The adverse action notice of a declined application (document 1 §8: it is on the dashboard):
 * the decision, the right to the reasons and to a free credit report, and the ECOA notice.
 */
export function AdverseActionNotice({ decidedOn }: { decidedOn: string }) {
  const brand = useBrand();
  return (
    <details className="adverse-action">
      <summary>Adverse action notice: we could not approve this application ({decidedOn}).</summary>
      <div className="adverse-action__body">
        <p>
          Thank you for applying to {brand.companyName}. After reviewing your application we are
          unable to offer you a loan at this time.
        </p>
        <p>
          Our decision was based in whole or in part on information obtained in a report from a
          consumer reporting agency. The agency did not make this decision and cannot explain why it
          was made. Under the Fair Credit Reporting Act you have the right to a free copy of your
          report from that agency if you ask for it within 60 days of this notice, and to dispute
          with the agency the accuracy or completeness of anything in it.
        </p>
        <p>
          You have the right to a statement of the specific reasons for our decision. To receive it,
          contact us within 60 days at{' '}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> or {brand.supportPhone};
          we will send it within 30 days of your request.
        </p>
        <p>
          The federal Equal Credit Opportunity Act prohibits creditors from discriminating against
          credit applicants on the basis of race, color, religion, national origin, sex, marital
          status or age (provided the applicant has the capacity to enter into a binding contract);
          because all or part of the applicant’s income derives from any public assistance program;
          or because the applicant has in good faith exercised any right under the Consumer Credit
          Protection Act. The federal agency that administers compliance with this law concerning
          this creditor is the Consumer Financial Protection Bureau, 1700 G Street NW, Washington,
          DC 20552.
        </p>
        <p>
          {brand.legalName}, NMLS #{brand.nmlsNumber}.
        </p>
      </div>
    </details>
  );
}
