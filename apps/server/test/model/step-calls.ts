/** The calls of one step of a model run: how a failure shows them, and what each step's must pass. */
import type { TCallRecord } from './world.js';

export function describeCalls(calls: readonly TCallRecord[]): string {
  return calls
    .map(
      (record) =>
        `  ${record.status} ${record.label} [${record.actor ?? 'sandbox'}] ${record.body}`,
    )
    .join('\n');
}

/** Throws a `Failure` saying what broke, its details, and the calls of the step. */
export function stepFailure(
  Failure: new (message: string) => Error,
  stepCalls: readonly TCallRecord[],
): (what: string, details?: string) => never {
  return (what, details = '') => {
    throw new Failure(
      `${what}\n${details}\ncalls of this step:\n${describeCalls(stepCalls)}`.trimEnd(),
    );
  };
}

/**
 * No call of the step answered 5xx, and none of its deposits on chain was refused: what happens on
 * chain is a fact, the sandbox chain records every deposit to a derived address.
 */
export function checkStepCalls(
  stepCalls: readonly TCallRecord[],
  fail: (what: string, details?: string) => never,
): void {
  const serverErrors = stepCalls.filter((record) => record.status >= 500);
  if (serverErrors.length > 0) fail('The server answered 5xx', describeCalls(serverErrors));
  const refusedDeposits = stepCalls.filter(
    (record) => record.url === '/sandbox/chain/deposits' && record.status >= 400,
  );
  if (refusedDeposits.length > 0) {
    fail('A deposit on chain was refused', describeCalls(refusedDeposits));
  }
}
