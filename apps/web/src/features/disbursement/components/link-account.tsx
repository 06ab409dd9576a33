import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { TPostBankLinkExchangeBody, TPostStoreLinkErrorBody } from '@pledge/contract';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Progress } from '../../../ui/progress/progress.js';
import {
  bankLinkAuthQueryKey,
  exchangePublicToken,
  storeLinkError,
  useBankLinkToken,
} from '../api/bank-link.js';
import { saveBankLinkResume } from '../bank-link-resume.js';
import { BANK_LINK_MESSAGES } from '../messages.js';
import { openPlaidLink } from '../plaid-link.js';
import { ManualBankLink } from './manual-bank-link.js';
import { SandboxBankPicker } from './sandbox-bank-picker.js';

const TITLE = 'Link your bank account';

type TPhase = 'linking' | 'exited';

/**
 * /{appUuid}/disbursement/link-account: opens the bank-link widget the server names (the sandbox's
 * in-app picker, or Plaid Link), trades the widget's public token, then goes on to choosing the
 * account. Leaving the widget is recorded for support and the borrower can try again or type the
 * account in.
 */
export function LinkAccount() {
  const { appUuid = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useBankLinkToken(appUuid);
  const [phase, setPhase] = useState<TPhase>('linking');
  const [openError, setOpenError] = useState<string | null>(null);
  const linkToken = token.data?.linkToken;
  const provider = token.data?.provider;

  const exchange = useMutation({
    mutationFn: (input: { publicToken: string; metadata: TPostBankLinkExchangeBody['metadata'] }) =>
      exchangePublicToken({ appUuid, ...input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bankLinkAuthQueryKey(appUuid) });
      await navigate(paths.application.disbursementChooseAccount.getHref(appUuid));
    },
  });

  function onSuccess(publicToken: string, metadata: TPostBankLinkExchangeBody['metadata']) {
    exchange.mutate({ publicToken, metadata });
  }

  function onExit(exit: Omit<TPostStoreLinkErrorBody, 'appUuid'>) {
    setPhase('exited');
    void storeLinkError({ appUuid, ...exit });
  }

  // Plaid's callbacks outlive a render; they call the latest handlers.
  const callbacks = useRef({ onSuccess, onExit });
  useEffect(() => {
    callbacks.current = { onSuccess, onExit };
  });

  // The sandbox's picker can be resumed after a redirect as Plaid Link can (/plaid-oauth-success).
  useEffect(() => {
    if (provider === 'sandbox' && linkToken !== undefined) {
      saveBankLinkResume(appUuid, linkToken, 'sandbox');
    }
  }, [appUuid, provider, linkToken]);

  const isPlaidLinking = provider === 'plaid' && phase === 'linking' && !exchange.isPending;
  useEffect(() => {
    if (!isPlaidLinking || linkToken === undefined) return;
    saveBankLinkResume(appUuid, linkToken, 'plaid');
    let destroy: (() => void) | null = null;
    let isCurrent = true;
    openPlaidLink(linkToken, {
      onSuccess: (publicToken, metadata) => callbacks.current.onSuccess(publicToken, metadata),
      onExit: (exit) => callbacks.current.onExit(exit),
    })
      .then((close) => {
        if (isCurrent) destroy = close;
        else close();
      })
      .catch(() => {
        if (!isCurrent) return;
        setOpenError(BANK_LINK_MESSAGES.unexpected);
        setPhase('exited');
      });
    return () => {
      isCurrent = false;
      destroy?.();
    };
  }, [appUuid, isPlaidLinking, linkToken]);

  function tryAgain() {
    setOpenError(null);
    exchange.reset();
    setPhase('linking');
  }

  if (token.isError) {
    return (
      <section className="panel disbursement">
        <PageHeading>{TITLE}</PageHeading>
        <Alert variant="error">{BANK_LINK_MESSAGES.unexpected}</Alert>
        <div className="page-actions">
          <Button type="button" onClick={() => void token.refetch()}>
            Try again
          </Button>
          <ManualBankLink appUuid={appUuid} />
        </div>
      </section>
    );
  }

  return (
    <section className="panel disbursement">
      <PageHeading>{TITLE}</PageHeading>
      {exchange.isPending || exchange.isSuccess ? (
        <div role="status">
          <Progress label="Linking your bank…" />
        </div>
      ) : exchange.isError ? (
        <>
          <Alert variant="error">{BANK_LINK_MESSAGES.unexpected}</Alert>
          <div className="page-actions">
            <Button type="button" onClick={tryAgain}>
              Try again
            </Button>
            <ManualBankLink appUuid={appUuid} />
          </div>
        </>
      ) : token.data === undefined ? (
        <div role="status">
          <Progress label="Opening bank linking…" />
        </div>
      ) : phase === 'exited' ? (
        <>
          {openError !== null ? (
            <Alert variant="error">{openError}</Alert>
          ) : (
            <p role="status">Your bank was not linked.</p>
          )}
          <p>Link your bank again, or enter your account details yourself.</p>
          <div className="page-actions">
            <Button type="button" onClick={tryAgain}>
              Link a bank account
            </Button>
            <ManualBankLink appUuid={appUuid} />
          </div>
        </>
      ) : (
        <p role="status">Follow the steps in the bank linking window to sign in to your bank.</p>
      )}
      {provider === 'sandbox' && linkToken !== undefined && (
        <SandboxBankPicker
          isOpen={phase === 'linking' && exchange.isIdle}
          linkToken={linkToken}
          onSuccess={onSuccess}
          onExit={onExit}
        />
      )}
    </section>
  );
}
