import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  fieldErrorsOf,
  MICRO_TRANSFER_BUSINESS_DAYS,
  USDC_CHAINS,
  USDC_WALLET_MESSAGES,
  ZUsdcWalletForm,
  type TUsdcChain,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { useApplication } from '../../application/api/get-application.js';
import { ApplicationLoadError } from '../../application/components/application-load-error.js';
import {
  markDisbursementDoneInCache,
  saveWalletAddress,
  savedDisbursementQueryKey,
  useSavedDisbursement,
} from '../api/disbursement.js';
import { BANK_LINK_MESSAGES, refusalMessage } from '../messages.js';
import { BackToFinalSteps } from './back-to-final-steps.js';

const CHAIN_OPTIONS = USDC_CHAINS.map((chain) => ({ value: chain, label: chain }));

interface TWalletValues {
  address: string;
  chain: string;
}

function isUsdcChain(value: string): value is TUsdcChain {
  return (USDC_CHAINS as readonly string[]).includes(value);
}

/** The form's messages: the domain's wallet rules, and a network the borrower must pick. */
function walletErrors({
  address,
  chain,
}: TWalletValues): Record<'address' | 'chain', string | null> {
  const errors = fieldErrorsOf(ZUsdcWalletForm, {
    address,
    chain: chain === '' ? undefined : chain,
  });
  return {
    address: errors.address?.[0] ?? null,
    chain: errors.chain?.[0] ?? (chain === '' ? USDC_WALLET_MESSAGES.chainInvalid : null),
  };
}

/**
 * /{appUuid}/usdc-disbursement: the USDC wallet an international borrower is paid to (document 1
 * §5). The server checks the address on the chosen network. Come back to, it shows the wallet on
 * record, to keep or to change.
 */
export function UsdcDisbursement() {
  const { appUuid = '' } = useParams();
  const application = useApplication(appUuid);
  const saved = useSavedDisbursement(appUuid);

  if (application.data === undefined) {
    return application.isError ? (
      <ApplicationLoadError error={application.error} onRetry={() => void application.refetch()} />
    ) : (
      <ScreenLoading />
    );
  }
  if (!application.data.isInternational) {
    return <Navigate replace to={paths.application.disbursement.getHref(appUuid)} />;
  }
  // Without an answer on the saved wallet the form opens empty: the borrower can still give one.
  if (saved.isPending) return <ScreenLoading />;
  const wallet =
    saved.data?.method === 'USDC_WALLET' && saved.data.walletAddress !== null ? saved.data : null;
  return (
    <UsdcWalletForm
      appUuid={appUuid}
      saved={
        wallet === null ? null : { address: wallet.walletAddress ?? '', chain: wallet.chain ?? '' }
      }
    />
  );
}

function UsdcWalletForm({ appUuid, saved }: { appUuid: string; saved: TWalletValues | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<TWalletValues>(saved ?? { address: '', chain: '' });
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [focusRequests, setFocusRequests] = useState(0);

  const save = useMutation({
    mutationFn: (body: { address: string; chain: TUsdcChain }) => saveWalletAddress(appUuid, body),
    onSuccess: async (disbursement) => {
      markDisbursementDoneInCache(queryClient, appUuid);
      queryClient.setQueryData(savedDisbursementQueryKey(appUuid), disbursement);
      await navigate(paths.application.nextSteps.getHref(appUuid));
    },
    onSettled: () => setFocusRequests((count) => count + 1),
  });

  useEffect(() => {
    if (focusRequests === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequests]);

  const clientErrors = hasTriedSubmit ? walletErrors(values) : { address: null, chain: null };
  const serverError = save.isError && isApiError(save.error) ? save.error : null;
  const addressError =
    clientErrors.address ??
    (save.isError ? (serverError?.fieldErrors('address')[0] ?? null) : null);
  const chainError =
    clientErrors.chain ?? (save.isError ? (serverError?.fieldErrors('chain')[0] ?? null) : null);
  const formError =
    save.isError && addressError === null && chainError === null
      ? refusalMessage(save.error, BANK_LINK_MESSAGES.unexpected)
      : null;

  function update(patch: Partial<TWalletValues>) {
    setValues((current) => ({ ...current, ...patch }));
    save.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTriedSubmit(true);
    const errors = walletErrors(values);
    if (errors.address !== null || errors.chain !== null || !isUsdcChain(values.chain)) {
      setFocusRequests((count) => count + 1);
      return;
    }
    save.mutate({ address: values.address.trim(), chain: values.chain });
  }

  const { min, max } = MICRO_TRANSFER_BUSINESS_DAYS;
  return (
    <section className="panel disbursement">
      <PageHeading>Enter your USDC wallet</PageHeading>
      <p>
        Your loan is paid out in USDC, a digital dollar, to a wallet you control. First we send a
        small test transfer to this wallet; it arrives within {min}-{max} business days, and you
        confirm that you received it before the full amount is sent.
      </p>
      {saved !== null && (
        <Alert variant="info" title="Your USDC wallet is saved">
          <p>
            This is the wallet on record. Keep it with Continue, or change it and Continue to save
            the new one.
          </p>
        </Alert>
      )}
      <form ref={form} className="disbursement__form" noValidate onSubmit={onSubmit}>
        {formError !== null && <Alert variant="error">{formError}</Alert>}
        <Select
          label="Network"
          name="chain"
          placeholder="Select a network"
          options={CHAIN_OPTIONS}
          value={values.chain}
          onValueChange={(chain) => update({ chain })}
          error={chainError}
          description="The blockchain network your wallet receives USDC on."
          isRequired
        />
        <TextField
          label="Wallet address"
          name="address"
          autoComplete="off"
          spellCheck={false}
          value={values.address}
          onChange={(event) => update({ address: event.target.value })}
          error={addressError}
          description="Double-check the address: funds sent to a wrong address cannot be recovered."
          isRequired
        />
        <div className="page-actions">
          <Button type="submit" isLoading={save.isPending || save.isSuccess}>
            Continue
          </Button>
          <BackToFinalSteps appUuid={appUuid} />
        </div>
      </form>
    </section>
  );
}
