/** The credit bureau: a soft pull (no effect on the borrower's score) for a US applicant. */

/** What the bureau said about the applicant's credit file. */
export const SOFT_PULL_OUTCOMES = ['APPROVED', 'NO_MATCH', 'LOCKED', 'FROZEN', 'DECLINED'] as const;
export type TSoftPullOutcome = (typeof SOFT_PULL_OUTCOMES)[number];

export interface TSoftPullRequest {
  /** Our id of the inquiry (the application's uuid): a retried pull is the same inquiry. */
  referenceId: string;
  /** Nine digits. */
  ssn: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dob: string;
  address: {
    street1: string;
    street2: string | null;
    city: string;
    /** Two-letter US state code. */
    state: string;
    zip: string;
  };
}

export interface TSoftPullResult {
  outcome: TSoftPullOutcome;
  /** The bureau's id of the inquiry. */
  reference: string;
}

export interface TCreditBureauPort {
  /** Stored with each check (`sandbox`, or the provider's name). */
  readonly name: string;
  /**
   * Throws CreditBureauUnavailableError when the bureau cannot answer now (worth retrying) and
   * CreditBureauRequestError when it refused the request itself (retrying cannot help).
   */
  softPull(request: TSoftPullRequest): Promise<TSoftPullResult>;
}

/** The bureau did not answer usably: down, slow, or an answer we cannot read. */
export class CreditBureauUnavailableError extends Error {
  override name = 'CreditBureauUnavailableError';
}

/** The bureau refused the request as malformed. */
export class CreditBureauRequestError extends Error {
  override name = 'CreditBureauRequestError';
}
