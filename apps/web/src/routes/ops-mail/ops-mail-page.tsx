import { OpsFailedMail } from '../../features/ops/components/ops-failed-mail.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Undelivered e-mails — Operations console' };

/** E-mails the mail server refused after every attempt, and sending one again. */
export function OpsMailPage() {
  return (
    <OpsPage heading="Undelivered e-mails">
      <p>
        Every e-mail is queued and sent with retries. These are the ones the mail server still
        refused after the last attempt; the borrower has not received them.
      </p>
      <OpsFailedMail />
    </OpsPage>
  );
}

export { OpsMailPage as Component };
