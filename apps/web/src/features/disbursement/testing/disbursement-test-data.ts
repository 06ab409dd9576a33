/** Answers and helpers of the disbursement tests. */
import { within } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import {
  buildPath,
  getFinalSteps,
  type TApplication,
  type TBankLinkAccount,
  type TBankLinkItem,
  type TDisbursement,
} from '@pledge/contract';
import type { TBankLinkStatus } from '@pledge/domain';
import { jsonResponse } from '../../../test/mock-fetch.js';
import {
  makeApplication,
  makeFinalSteps,
  signedInWithApplication,
  TEST_APP_UUID,
} from '../../application/application-test-data.js';

export const APP = `/account/crypto-backed-loan/${TEST_APP_UUID}`;
export const APP_PARAMS = { appUuid: TEST_APP_UUID };
export { LOADED } from '../../../test/loaded.js';

/** What the page hands Plaid Link when it opens it. */
export type TPlaidConfig = Parameters<NonNullable<Window['Plaid']>['create']>[0];

/** Plaid Link as the page finds it on `window`, for the test that calls it; taken away after. */
export function stubPlaid() {
  const handler = { open: vi.fn(), destroy: vi.fn() };
  const create = vi.fn((_config: TPlaidConfig) => handler);
  Object.assign(window, { Plaid: { create } });
  onTestFinished(() => {
    Reflect.deleteProperty(window, 'Plaid');
  });
  return { create, handler };
}

export const TARTAN = { institutionId: 'ins_109511', name: 'Tartan Bank' };
export const PLATYPUS = { institutionId: 'ins_109508', name: 'First Platypus Bank' };

export function makeAccount(overrides: Partial<TBankLinkAccount> = {}): TBankLinkAccount {
  return {
    id: 'item-1-checking',
    name: 'Tartan Checking',
    officialName: null,
    accountType: 'checking',
    accountNumberMask: '3333',
    holderCategory: 'PERSONAL',
    ...overrides,
  };
}

export function makeItem(
  status: TBankLinkStatus,
  accounts: TBankLinkAccount[] = [],
  institution = TARTAN,
  itemId = 'item-1',
): TBankLinkItem {
  return { itemId, institution, status, accounts };
}

export function makeDisbursement(overrides: Partial<TDisbursement> = {}): TDisbursement {
  return {
    method: 'MANUAL_BANK',
    accountType: null,
    accountNumberMask: '6789',
    routingNumber: '011000015',
    accountHolderName: 'Ada Lovelace',
    walletAddress: null,
    chain: null,
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** The signed-in borrower, their application, and the final steps the next page shows. */
export function applicationHandlers(
  application: TApplication = makeApplication({ state: 'SIGN_DOCS' }),
) {
  return {
    ...signedInWithApplication(application),
    [`GET ${buildPath(getFinalSteps.path, APP_PARAMS)}`]: () => jsonResponse(makeFinalSteps()),
  };
}

/**
 * Signs in at a test bank in the sandbox picker's dialog: the username it accepts, and its
 * password unless another is given.
 */
export async function signInAtTestBank(
  user: UserEvent,
  dialog: HTMLElement,
  password = 'pass_good',
) {
  await user.type(within(dialog).getByLabelText(/Username/), 'user_good');
  await user.type(within(dialog).getByLabelText(/Password/), password);
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}
