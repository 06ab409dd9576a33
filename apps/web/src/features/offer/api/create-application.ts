import {
  postCreateApplication,
  postCreateMobileFlowApplication,
  type TApplication,
  type TPostCreateApplicationBody,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Where the borrower finishes the application: on this site, or in the brand's mobile app. */
export type TApplicationFlow = 'web' | 'mobile-flow';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A new application for the signed-in borrower. The same idempotency key answers the application
 * it created again, so a retried or repeated call never makes a second one.
 */
export function createApplication(
  flow: TApplicationFlow,
  body: TPostCreateApplicationBody,
  idempotencyKey: string,
): Promise<TApplication> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  return flow === 'web'
    ? apiRequest(postCreateApplication, { body, headers })
    : apiRequest(postCreateMobileFlowApplication, { body, headers });
}
