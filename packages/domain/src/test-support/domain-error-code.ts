import { isDomainError } from '../errors.js';

/**
 * The code of the domain error `run` throws, for tests that check refusals: undefined when it
 * throws nothing, 'NOT_A_DOMAIN_ERROR' when it throws something else.
 */
export function domainErrorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isDomainError(error) ? error.code : 'NOT_A_DOMAIN_ERROR';
  }
  return undefined;
}
