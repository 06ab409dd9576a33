import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import type { TPostBankLinkExchangeBody, TPostStoreLinkErrorBody } from '@pledge/contract';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { buttonClassName } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Progress } from '../../../ui/progress/progress.js';
import { bankLinkAuthQueryKey, exchangePublicToken, storeLinkError } from '../api/bank-link.js';
import { readBankLinkResume } from '../bank-link-resume.js';
import { BANK_LINK_MESSAGES } from '../messages.js';
import { openPlaidLink } from '../plaid-link.js';
import { BackToFinalSteps } from './back-to-final-steps.js';
import { SandboxBankPicker } from './sandbox-bank-picker.js';

const TITLE = 'Finishing your bank link';

/**
 * /plaid-oauth-success: the bank sends the borrower back here after its own sign-in (OAuth). The
 * widget that issued the saved link token resumes with it — Plaid Link, or in the sandbox the
 * in-app picker, which never loads Plaid's script — then the saved application's account choice,
 * or its final steps if the borrower leaves. Without a saved application there is nothing to
 * resume.
 */
export function PlaidOauthSuccess() {
  const [resume] = useState(readBankLinkResume);
  const { appUuid, linkToken, provider } = resume;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [openFailed, setOpenFailed] = useState(false);

  const exchange = useMutation({
    mutationFn: (input: { publicToken: string; metadata: TPostBankLinkExchangeBody['metadata'] }) =>
      exchangePublicToken({ appUuid: appUuid ?? '', ...input }),
    onSuccess: async () => {
      if (appUuid === null) return;
      await queryClient.invalidateQueries({ queryKey: bankLinkAuthQueryKey(appUuid) });
      await navigate(paths.application.disbursementChooseAccount.getHref(appUuid), {
        replace: true,
      });
    },
  });
  const exchangeRef = useRef(exchange.mutate);
  useEffect(() => {
    exchangeRef.current = exchange.mutate;
  });

  function onSandboxExit(exit: Omit<TPostStoreLinkErrorBody, 'appUuid'>) {
    if (appUuid === null) return;
    void storeLinkError({ appUuid, ...exit });
    void navigate(paths.application.nextSteps.getHref(appUuid), { replace: true });
  }

  useEffect(() => {
    if (appUuid === null || linkToken === null || provider !== 'plaid') return;
    let destroy: (() => void) | null = null;
    let isCurrent = true;
    openPlaidLink(
      linkToken,
      {
        onSuccess: (publicToken, metadata) => exchangeRef.current({ publicToken, metadata }),
        onExit: (exit) => {
          void storeLinkError({ appUuid, ...exit });
          void navigate(paths.application.nextSteps.getHref(appUuid), { replace: true });
        },
      },
      window.location.href,
    )
      .then((close) => {
        if (isCurrent) destroy = close;
        else close();
      })
      .catch(() => {
        if (isCurrent) setOpenFailed(true);
      });
    return () => {
      isCurrent = false;
      destroy?.();
    };
  }, [appUuid, linkToken, provider, navigate]);

  if (appUuid === null) {
    return <Navigate replace to={paths.dashboard.getHref()} />;
  }
  if (linkToken === null) {
    // Linking was finished without the widget's token kept: the accounts, if any, are on record.
    return <Navigate replace to={paths.application.disbursementChooseAccount.getHref(appUuid)} />;
  }
  return (
    <section className="panel disbursement">
      <PageHeading>{TITLE}</PageHeading>
      {openFailed || exchange.isError ? (
        <>
          <Alert variant="error">{BANK_LINK_MESSAGES.unexpected}</Alert>
          <div className="page-actions">
            <Link
              className={buttonClassName()}
              to={paths.application.disbursementLinkAccount.getHref(appUuid)}
            >
              Link a bank account
            </Link>
            <BackToFinalSteps appUuid={appUuid} />
          </div>
        </>
      ) : (
        <div role="status">
          <Progress label="Finishing your bank link…" />
        </div>
      )}
      {provider === 'sandbox' && (
        <SandboxBankPicker
          isOpen={exchange.isIdle}
          linkToken={linkToken}
          onSuccess={(publicToken, metadata) => exchange.mutate({ publicToken, metadata })}
          onExit={onSandboxExit}
        />
      )}
    </section>
  );
}
