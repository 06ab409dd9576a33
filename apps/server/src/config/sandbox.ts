/**
 * What only the sandbox offers, and its refusal beside a real deployment's secrets.
 *
 * - SANDBOX_AUTO_REVIEW [true in the sandbox]: approve uploaded IDs automatically after a short
 *   delay, standing in for an agent's review. Refused outside the sandbox.
 * - BENCH_STATEMENT_COUNT [false]: sandbox only; every answer carries `x-db-statements`, the SQL
 *   statements its request sent, so that `npm run bench` counts those of a request.
 */
import { z } from 'zod';
import { defineArea, type TCheckContext, type TIssue, ZBooleanText } from './area.js';

export interface TSandboxConfig {
  /** Sandbox only: uploaded IDs are approved by a job instead of an agent. */
  sandboxAutoReview: boolean;
  /** Sandbox only: answers carry the count of SQL statements sent so far (for the bench). */
  benchStatementCount: boolean;
}

export const sandboxArea = defineArea({
  variables: z.object({
    SANDBOX_AUTO_REVIEW: ZBooleanText.optional(),
    BENCH_STATEMENT_COUNT: ZBooleanText.default(false),
  }),
  shown: ['SANDBOX_AUTO_REVIEW'],
  check: (env, context) =>
    context.isOutsideSandbox && env.SANDBOX_AUTO_REVIEW === true
      ? [{ name: 'SANDBOX_AUTO_REVIEW', message: 'must not be true when SANDBOX is off' }]
      : [],
  build: (env, context): TSandboxConfig => ({
    sandboxAutoReview: env.SANDBOX_AUTO_REVIEW ?? context.sandbox,
    benchStatementCount: context.sandbox && env.BENCH_STATEMENT_COUNT,
  }),
});

/**
 * SANDBOX=true beside production secrets (demo accounts and a readable mailbox serving production
 * data): one issue naming every secret that is set.
 */
export function sandboxConflicts(context: TCheckContext, secrets: readonly string[]): TIssue[] {
  if (context.sandbox !== true) return [];
  const set = secrets.filter((name) => context.isSet(name));
  if (set.length === 0) return [];
  return [
    {
      name: 'SANDBOX',
      message: `must not be true beside production secrets (${set.join(', ')} set): unset them, or set SANDBOX=false`,
    },
  ];
}
