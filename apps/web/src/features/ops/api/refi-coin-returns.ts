import {
  getRefiCoinReturns,
  postRefiCoinReturn,
  type TPostRefiCoinReturnBody,
} from '@pledge/contract';
import type { TRefiCoinReturnStatus } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from './get-controlled-actions.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { useOpsListPage } from './ops-fresh-query.js';
import { useOpsChange } from './use-ops-change.js';

export const REFI_COIN_RETURNS_QUERY_KEY = [...OPS_QUERY_KEY, 'refi', 'coin-returns'] as const;

export interface TRefiCoinReturnsPage {
  status?: TRefiCoinReturnStatus | undefined;
  cursor?: string | undefined;
}

/** The coins ended refinancings received, and where each goes, newest first. */
export function useRefiCoinReturns(page: TRefiCoinReturnsPage) {
  return useOpsListPage([...REFI_COIN_RETURNS_QUERY_KEY, page], getRefiCoinReturns, {
    query: page,
  });
}

/** Proposes recording that an ended refinancing's coins went back; a second agent approves it. */
export function useProposeRefiCoinReturn() {
  return useOpsChange(
    ({ appUuid, body }: { appUuid: string; body: TPostRefiCoinReturnBody }) =>
      apiRequest(postRefiCoinReturn, { params: { appUuid }, body }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}
