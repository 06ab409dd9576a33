import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getOpsFailedMail,
  postOpsRetryMail,
  type TGetOpsFailedMailResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsFreshQuery } from './ops-fresh-query.js';
import { useOpsChange } from './use-ops-change.js';

export const OPS_FAILED_MAIL_QUERY_KEY = [...OPS_QUERY_KEY, 'failed-mail'] as const;

/** E-mails that could not be delivered, fetched again each time the page is shown. */
export function useOpsFailedMail() {
  return useQuery(opsFreshQuery(OPS_FAILED_MAIL_QUERY_KEY, getOpsFailedMail));
}

/** Sends one failed e-mail again; the answer is the list of those still failed. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useOpsChange(
    (outboxId: string) => apiRequest(postOpsRetryMail, { params: { outboxId } }),
    OPS_FAILED_MAIL_QUERY_KEY,
    (list: TGetOpsFailedMailResponse) => {
      queryClient.setQueryData(OPS_FAILED_MAIL_QUERY_KEY, list);
    },
  );
}
