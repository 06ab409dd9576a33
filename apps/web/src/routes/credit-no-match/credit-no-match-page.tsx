import { OutcomePage } from '../../features/application/components/outcome-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'We couldn’t find your credit file' };

/**
 * SOFT_CREDIT_NO_MATCH: the credit file cannot be pulled using the SSN provided (document 1 §8).
 */
export function CreditNoMatchPage() {
  return (
    <OutcomePage
      state="SOFT_CREDIT_NO_MATCH"
      title="We couldn’t find your credit file"
      supportText="Contact us and we will help you correct your details and check your credit again."
    >
      <p>
        The credit bureau couldn’t find a credit file using the Social Security number you gave, so
        we couldn’t complete the soft credit check for your application.
      </p>
      <h2 className="outcome-page__subheading">Check your Social Security number</h2>
      <p>
        The most common cause is a mistyped number. Find your Social Security card or a tax document
        that shows your number, and compare it with the one you entered. Submitted details can’t be
        changed online.
      </p>
      <p>
        If your number was right, your credit file may be listed under another name or address, or
        you may not have a US credit file yet.
      </p>
    </OutcomePage>
  );
}

export { CreditNoMatchPage as Component };
