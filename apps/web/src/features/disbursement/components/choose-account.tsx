import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { TBankLinkAccount } from '@pledge/contract';
import {
  CHOOSE_ACCOUNT_MESSAGES,
  disbursementAccountTypeOf,
  eligibleLinkedAccounts,
  fieldErrorsOf,
  isAnyBankLinkPending,
  ZChooseAccountForm,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button, buttonClassName } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Progress } from '../../../ui/progress/progress.js';
import { RadioGroup, type TRadioOption } from '../../../ui/radio-group/radio-group.js';
import { useBankLinkAuth } from '../api/bank-link.js';
import { chooseDisbursementAccount, markDisbursementDoneInCache } from '../api/disbursement.js';
import { BANK_LINK_MESSAGES, refusalMessage } from '../messages.js';
import { ManualBankLink } from './manual-bank-link.js';

const TITLE = 'Choose your account';

function accountTypeLabel(accountType: string): string {
  const type = disbursementAccountTypeOf(accountType);
  return type === 'SAVINGS' ? 'Savings' : 'Checking';
}

/**
 * /{appUuid}/disbursement/choose-account: the personal accounts of the linked banks (document 1
 * §4), polled while a bank is still being linked; Continue authorises the payout to the chosen one.
 */
export function ChooseAccount() {
  const { appUuid = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useBankLinkAuth(appUuid);
  const [accountId, setAccountId] = useState('');
  const [selectError, setSelectError] = useState<string | null>(null);

  const choose = useMutation({
    mutationFn: (account: TBankLinkAccount) =>
      chooseDisbursementAccount(appUuid, {
        accountType: disbursementAccountTypeOf(account.accountType) ?? 'CHECKING',
        achAccountId: account.id,
      }),
    onSuccess: async () => {
      markDisbursementDoneInCache(queryClient, appUuid);
      await navigate(paths.application.nextSteps.getHref(appUuid));
    },
  });

  const items = auth.data?.items;
  const isPending = items !== undefined && isAnyBankLinkPending(items);
  const eligible = items === undefined ? null : eligibleLinkedAccounts(items);
  const accounts = eligible?.institutions.flatMap(({ institution, accounts: list }) =>
    list.map((account) => ({ institution, account })),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = fieldErrorsOf(ZChooseAccountForm, { plaidAccountId: accountId }).plaidAccountId;
    const chosen = accounts?.find(({ account }) => account.id === accountId)?.account;
    if (error !== undefined || chosen === undefined) {
      setSelectError(error?.[0] ?? CHOOSE_ACCOUNT_MESSAGES.required);
      return;
    }
    setSelectError(null);
    choose.mutate(chosen);
  }

  let body;
  if (auth.isError && items === undefined) {
    body = (
      <>
        <Alert variant="error">{BANK_LINK_MESSAGES.accountsFailed}</Alert>
        <div className="page-actions">
          <Button type="button" onClick={() => void auth.refetch()}>
            Try again
          </Button>
        </div>
      </>
    );
  } else if (items === undefined || isPending) {
    body = (
      <div role="status">
        <Progress label="Retrieving your accounts…" />
        <p className="field__note">This can take a few seconds after linking your bank.</p>
      </div>
    );
  } else if (accounts === undefined || accounts.length === 0) {
    body = (
      <>
        <Alert variant="warn" title="No eligible account found">
          We couldn’t find a personal checking or savings account at your linked bank. Business
          accounts cannot receive the loan.
        </Alert>
        <div className="page-actions">
          <Link
            className={buttonClassName()}
            to={paths.application.disbursementLinkAccount.getHref(appUuid)}
          >
            Link another bank
          </Link>
          <ManualBankLink appUuid={appUuid} />
        </div>
      </>
    );
  } else {
    const options: TRadioOption[] = accounts.map(({ institution, account }) => ({
      value: account.id,
      label: `${account.name} ending in ${account.accountNumberMask}`,
      description: `${institution.name} · ${accountTypeLabel(account.accountType)}`,
    }));
    const serverMessage =
      choose.isError && isApiError(choose.error) && choose.error.status === 400
        ? choose.error.message
        : null;
    body = (
      <form className="disbursement__form" noValidate onSubmit={onSubmit}>
        <RadioGroup
          label="Account for your loan funds"
          name="plaidAccountId"
          options={options}
          value={accountId}
          onValueChange={(value) => {
            setAccountId(value);
            setSelectError(null);
          }}
          error={selectError ?? serverMessage}
          isRequired
        />
        {(eligible?.ineligibleCount ?? 0) > 0 && (
          <p className="field__note">
            Business accounts cannot receive the loan and are not listed.
          </p>
        )}
        <p className="disbursement__authorization">{CHOOSE_ACCOUNT_MESSAGES.authorization}</p>
        {choose.isError && serverMessage === null && (
          <Alert variant="error">
            {refusalMessage(choose.error, BANK_LINK_MESSAGES.unexpected)}
          </Alert>
        )}
        <div className="page-actions">
          <Button type="submit" isLoading={choose.isPending || choose.isSuccess}>
            Continue
          </Button>
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={paths.application.disbursementLinkAccount.getHref(appUuid)}
          >
            Link another bank
          </Link>
        </div>
      </form>
    );
  }

  return (
    <section className="panel disbursement">
      <PageHeading>{TITLE}</PageHeading>
      <p>Choose the personal account your loan funds are sent to.</p>
      {body}
    </section>
  );
}
