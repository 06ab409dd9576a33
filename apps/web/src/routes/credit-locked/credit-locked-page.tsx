import { CREDIT_UNLOCKED_DAYS } from '@pledge/domain';
import { CreditRetry } from '../../features/application/components/credit-retry.js';
import { CreditBureauList } from '../../features/application/components/credit-bureau-list.js';
import { OutcomePage } from '../../features/application/components/outcome-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Your credit file is locked' };

/** SOFT_CREDIT_LOCKED: the bureau refused the soft credit check because of a credit lock. */
export function CreditLockedPage() {
  return (
    <OutcomePage
      state="SOFT_CREDIT_LOCKED"
      title="Your credit file is locked"
      supportText={`If the check still fails once your credit is unlocked, contact us within ${CREDIT_UNLOCKED_DAYS} days of your application and we will help.`}
    >
      <p>
        We couldn’t complete the soft credit check for your application because your credit file is
        locked. A soft credit check does not affect your credit score.
      </p>
      <h2 className="outcome-page__subheading">How to continue</h2>
      <ol className="outcome-page__steps">
        <li>
          Unlock your credit file in the app or online account where you locked it, such as Equifax
          Lock &amp; Alert, Experian CreditLock or TransUnion’s credit lock. A lock is set at each
          bureau separately, so check all three if you are not sure which one you used.
        </li>
        <li>Keep your credit unlocked for {CREDIT_UNLOCKED_DAYS} days after your application.</li>
        <li>Come back here and check your credit again, or contact us and we will.</li>
      </ol>
      <CreditRetry
        done="unlocked your credit file"
        state="SOFT_CREDIT_LOCKED"
        stillText="your credit file is locked"
      />
      <h2 className="outcome-page__subheading">The credit bureaus</h2>
      <CreditBureauList link="lock" />
    </OutcomePage>
  );
}

export { CreditLockedPage as Component };
