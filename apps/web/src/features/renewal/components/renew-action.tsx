import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TLoanStatus } from '@pledge/contract';
import { appPath } from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { displayDate } from '../../dashboard/display.js';
import { refusalMessage } from '../api/api-message.js';
import { openRenewal } from '../api/open-renewal.js';

/**
 * What the renewal window says when it is not open (the server's clock decides where it is): when
 * it opens, or, past the maturity date, that the loan can no longer be renewed and what to do.
 */
export function renewalWindowText(
  renewal: NonNullable<TLoanStatus['renewal']>,
  status?: TLoanStatus['status'],
): string | null {
  if (renewal.isOpen) return null;
  const isPast =
    renewal.position === 'AFTER' || (renewal.position === undefined && status === 'MATURED');
  return isPast
    ? `Renewal closed on ${displayDate(renewal.closesOn)}, when your loan matured. Your loan is now due in full: pay it off from its page to get your collateral back.`
    : `Renewal opens on ${displayDate(renewal.opensOn)}.`;
}

/**
 * The dashboard's renewal of an active loan: 'Renew' inside the window (the server's clock decides
 * it), which opens the renewal and goes to its offer page; otherwise when the window opens, or that
 * it closed.
 */
export function RenewAction({ loan }: { loan: TLoanStatus }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const renew = useMutation({
    mutationFn: () => openRenewal(loan.appUuid, brand.orgCode),
    onSuccess: (renewal) => {
      void navigate(appPath(renewal.appUuid, 'renew'));
    },
  });
  if (loan.renewal === undefined) return null;
  const closed = renewalWindowText(loan.renewal, loan.status);
  if (closed !== null) return <p className="dashboard-card__meta">{closed}</p>;
  return (
    <>
      <Button isFullWidth={false} isLoading={renew.isPending} onClick={() => renew.mutate()}>
        Renew
      </Button>
      {renew.isError && <Alert variant="error">{refusalMessage(renew.error)}</Alert>}
    </>
  );
}
