import { useMutation } from '@tanstack/react-query';
import {
  postWaitlist as postWaitlistEndpoint,
  type TPostWaitlistBody,
  type TPostWaitlistResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function postWaitlist(
  body: TPostWaitlistBody,
  orgCode: string,
): Promise<TPostWaitlistResponse> {
  return apiRequest(postWaitlistEndpoint, { query: { orgCode }, body });
}

/** 'Join Waitlist' for a state where loans are not offered yet, in the brand's name. */
export function useJoinWaitlist(orgCode: string) {
  return useMutation({ mutationFn: (body: TPostWaitlistBody) => postWaitlist(body, orgCode) });
}
