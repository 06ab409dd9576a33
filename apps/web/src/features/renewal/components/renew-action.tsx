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
 * The dashboard's renewal of an active loan: 'Renew' inside the window (the server's clock decides
 * it), which opens the renewal and goes to its offer page; otherwise when the window opens.
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
  if (!loan.renewal.isOpen) {
    return (
      <p className="dashboard-card__meta">Renewal opens on {displayDate(loan.renewal.opensOn)}.</p>
    );
  }
  return (
    <>
      <Button isFullWidth={false} isLoading={renew.isPending} onClick={() => renew.mutate()}>
        Renew
      </Button>
      {renew.isError && <Alert variant="error">{refusalMessage(renew.error)}</Alert>}
    </>
  );
}
