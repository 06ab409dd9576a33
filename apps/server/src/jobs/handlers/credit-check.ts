import { runCreditCheck, type TCreditCheckDeps } from '../../services/credit/run-credit-check.js';
import { creditCheckJob } from '../definitions/credit-check.js';
import { registerJob } from '../job-definition.js';

export function creditCheckHandler(deps: TCreditCheckDeps) {
  return registerJob(creditCheckJob, (payload) => runCreditCheck(deps, payload.appUuid));
}
