/**
 * A soft-inquiry provider over HTTPS. The provider interface this adapter speaks:
 *
 *   POST {baseUrl}/v1/soft-inquiries
 *   Authorization: Bearer {apiKey}
 *   Idempotency-Key: {referenceId}          (a retried pull is the same inquiry, billed once)
 *   { "referenceId", "purpose": "CREDIT_APPLICATION",
 *     "consumer": { "firstName", "lastName", "dateOfBirth", "ssn",
 *                   "address": { "line1", "line2", "city", "state", "postalCode" } } }
 *
 *   200 { "inquiryId", "fileStatus": "MATCH" | "NO_MATCH" | "LOCKED" | "FROZEN",
 *         "decision": "APPROVE" | "DECLINE" | null }      (decision only with a MATCH)
 *   400/422: the request was refused as malformed; 401/403/429/5xx: try again later.
 *
 * Nothing the provider sends back is logged or stored except the inquiry id and the outcome; an
 * error message never carries the request (it holds the SSN).
 */
import { z } from 'zod';
import {
  CreditBureauRequestError,
  CreditBureauUnavailableError,
  type TCreditBureauPort,
  type TSoftPullOutcome,
  type TSoftPullRequest,
} from './port.js';

export type TCreditBureauFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<Response>;

/** A provider that has not answered by then is treated as unavailable. */
export const CREDIT_BUREAU_TIMEOUT_MS = 15_000;

export interface TRealCreditBureauOptions {
  /** https origin and base path of the provider, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  fetch: TCreditBureauFetch;
  /** Name stored with each check; the provider's host by default. */
  name?: string;
  timeoutMs?: number;
}

const ZSoftInquiryAnswer = z.object({
  inquiryId: z.string().min(1).max(200),
  fileStatus: z.enum(['MATCH', 'NO_MATCH', 'LOCKED', 'FROZEN']),
  decision: z.enum(['APPROVE', 'DECLINE']).nullable().optional(),
});
type TSoftInquiryAnswer = z.infer<typeof ZSoftInquiryAnswer>;

function outcomeOf(answer: TSoftInquiryAnswer): TSoftPullOutcome {
  switch (answer.fileStatus) {
    case 'NO_MATCH':
      return 'NO_MATCH';
    case 'LOCKED':
      return 'LOCKED';
    case 'FROZEN':
      return 'FROZEN';
    case 'MATCH':
      if (answer.decision === 'APPROVE') return 'APPROVED';
      if (answer.decision === 'DECLINE') return 'DECLINED';
      throw new CreditBureauUnavailableError(
        'The credit bureau matched the file without a decision',
      );
  }
}

function requestBody(request: TSoftPullRequest): string {
  return JSON.stringify({
    referenceId: request.referenceId,
    purpose: 'CREDIT_APPLICATION',
    consumer: {
      firstName: request.firstName,
      lastName: request.lastName,
      dateOfBirth: request.dob,
      ssn: request.ssn,
      address: {
        line1: request.address.street1,
        line2: request.address.street2,
        city: request.address.city,
        state: request.address.state,
        postalCode: request.address.zip,
      },
    },
  });
}

const REFUSED_STATUSES = new Set([400, 422]);

export function createRealCreditBureau(options: TRealCreditBureauOptions): TCreditBureauPort {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? CREDIT_BUREAU_TIMEOUT_MS;
  return {
    name: options.name ?? new URL(baseUrl).host,
    async softPull(request) {
      let response: Response;
      try {
        response = await options.fetch(`${baseUrl}/v1/soft-inquiries`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': request.referenceId,
          },
          body: requestBody(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'network error';
        throw new CreditBureauUnavailableError(
          `The credit bureau could not be reached (${reason})`,
        );
      }
      if (REFUSED_STATUSES.has(response.status)) {
        throw new CreditBureauRequestError(
          `The credit bureau refused the inquiry (HTTP ${response.status})`,
        );
      }
      if (!response.ok) {
        throw new CreditBureauUnavailableError(
          `The credit bureau answered HTTP ${response.status}`,
        );
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new CreditBureauUnavailableError(
          'The credit bureau answered something other than JSON',
        );
      }
      const answer = ZSoftInquiryAnswer.safeParse(body);
      if (!answer.success) {
        throw new CreditBureauUnavailableError('The credit bureau answer has an unknown shape');
      }
      return { outcome: outcomeOf(answer.data), reference: answer.data.inquiryId };
    },
  };
}
