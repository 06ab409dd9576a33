import { CREDIT_UNLOCKED_DAYS } from '@pledge/domain';
import { CreditRetry } from '../../features/application/components/credit-retry.js';
import { CreditBureauList } from '../../features/application/components/credit-bureau-list.js';
import { OutcomePage } from '../../features/application/components/outcome-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Your credit file is frozen' };

/** SOFT_CREDIT_FROZEN: the bureau refused the soft credit check because of a security freeze. */
export function CreditFrozenPage() {
  return (
    <OutcomePage
      state="SOFT_CREDIT_FROZEN"
      title="Your credit file is frozen"
      supportText={`If the check still fails once the freeze is lifted, contact us within ${CREDIT_UNLOCKED_DAYS} days of your application and we will help.`}
    >
      <p>
        We couldn’t complete the soft credit check for your application because your credit file is
        frozen. A soft credit check does not affect your credit score.
      </p>
      <h2 className="outcome-page__subheading">How to continue</h2>
      <ol className="outcome-page__steps">
        <li>
          Lift the freeze at each of the three credit bureaus below. A freeze is placed at each
          bureau separately, and lifting it is free, online or by phone. You may need the PIN or
          password the bureau gave you when you placed it.
        </li>
        <li>
          Keep your credit unfrozen for {CREDIT_UNLOCKED_DAYS} days after your application. If you
          lift the freeze for a limited time, choose at least {CREDIT_UNLOCKED_DAYS} days.
        </li>
        <li>Come back here and check your credit again, or contact us and we will.</li>
      </ol>
      <CreditRetry
        done="lifted the freeze"
        state="SOFT_CREDIT_FROZEN"
        stillText="your credit file is frozen"
      />
      <h2 className="outcome-page__subheading">The credit bureaus</h2>
      <CreditBureauList link="freeze" />
    </OutcomePage>
  );
}

export { CreditFrozenPage as Component };
