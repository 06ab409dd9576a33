import { randomUUID } from 'node:crypto';
import type { TCreditBureauPort, TSoftPullOutcome } from './port.js';

/**
 * The sandbox's test SSNs (DESIGN §3): the last four digits choose the outcome; every other SSN is
 * approved.
 */
export const SANDBOX_SSN_OUTCOMES: Readonly<Record<string, TSoftPullOutcome>> = {
  '0001': 'NO_MATCH',
  '0002': 'LOCKED',
  '0003': 'FROZEN',
  '0004': 'DECLINED',
};

export function sandboxOutcomeFor(ssn: string): TSoftPullOutcome {
  return SANDBOX_SSN_OUTCOMES[ssn.slice(-4)] ?? 'APPROVED';
}

export function createSandboxCreditBureau(): TCreditBureauPort {
  return {
    name: 'sandbox',
    async softPull(request) {
      return { outcome: sandboxOutcomeFor(request.ssn), reference: `sandbox-${randomUUID()}` };
    },
  };
}
