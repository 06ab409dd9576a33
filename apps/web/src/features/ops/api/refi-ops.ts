import { useMutation } from '@tanstack/react-query';
import {
  getRefiEstatePayoffs,
  getRefiTapeLoans,
  postConfirmRefiEstatePayoff,
  postRefiTapeImport,
  postRefiTapePreview,
  REFI_TAPE_CONTENT_TYPE,
  ZControlledAction,
  ZPostRefiTapePreviewResponse,
  type TPostConfirmRefiEstatePayoffBody,
} from '@pledge/contract';
import type { TRefiEstatePayoffStatus, TRefiTapeLoanStatus } from '@pledge/domain';
import type { z } from 'zod/mini';
import { apiRequest } from '../../../api/client.js';
import { endpointUrl } from '../../../api/endpoint-url.js';
import { sendRawBody } from '../../../api/raw-body.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from './get-controlled-actions.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { useOpsListPage } from './ops-fresh-query.js';
import { useOpsChange } from './use-ops-change.js';

export const REFI_TAPE_QUERY_KEY = [...OPS_QUERY_KEY, 'refi', 'tape'] as const;
export const REFI_PAYOFFS_QUERY_KEY = [...OPS_QUERY_KEY, 'refi', 'estate-payoffs'] as const;

export interface TRefiTapePage {
  status?: TRefiTapeLoanStatus | undefined;
  search?: string | undefined;
  cursor?: string | undefined;
}

/** A page of the legacy loans on the tape; the previous page stays shown while the next loads. */
export function useRefiTapeLoans(page: TRefiTapePage) {
  return useOpsListPage([...REFI_TAPE_QUERY_KEY, page], getRefiTapeLoans, { query: page });
}

/** Sends a tape as the request body itself (text/csv). */
function postTapeCsv<S extends z.ZodMiniType>(
  endpoint: typeof postRefiTapePreview | typeof postRefiTapeImport,
  schema: S,
  csv: string,
): Promise<z.infer<S>> {
  return sendRawBody({
    url: endpointUrl(endpoint),
    method: endpoint.method,
    contentType: REFI_TAPE_CONTENT_TYPE,
    body: csv,
    schema,
  });
}

/** Checks a tape: every bad row by line, and what applying it would change. Changes nothing. */
export function useRefiTapePreview() {
  return useMutation({
    mutationFn: (csv: string) =>
      postTapeCsv(postRefiTapePreview, ZPostRefiTapePreviewResponse, csv),
  });
}

/** Proposes applying a tape, all or nothing, once a second agent approves it. */
export function useRefiTapeImport() {
  return useOpsChange(
    (csv: string) => postTapeCsv(postRefiTapeImport, ZControlledAction, csv),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}

export interface TRefiPayoffsPage {
  status?: TRefiEstatePayoffStatus | undefined;
  cursor?: string | undefined;
}

/** Payoffs owed to the old lender's estate, newest first. */
export function useRefiEstatePayoffs(page: TRefiPayoffsPage) {
  return useOpsListPage([...REFI_PAYOFFS_QUERY_KEY, page], getRefiEstatePayoffs, { query: page });
}

/** Proposes recording that a payoff to the estate was paid; a second agent approves it. */
export function useConfirmRefiEstatePayoff() {
  return useOpsChange(
    ({ payoffUuid, body }: { payoffUuid: string; body: TPostConfirmRefiEstatePayoffBody }) =>
      apiRequest(postConfirmRefiEstatePayoff, { params: { payoffUuid }, body }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}
