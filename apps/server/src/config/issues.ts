/** The one message of a bad environment: every problem on its own line, no secret in it. */
import type { TIssue } from './area.js';

/** Longest value a message repeats; a longer one is named only. */
const SHOWN_VALUE_MAX_LENGTH = 40;

/**
 * One line per problem (the same line once). A value is repeated only for the variables `shown`
 * lists, and only when short and on one line: any other variable, including ones added later, is
 * named without its value (an `xprv…` in BTC_XPUB stays out of the log).
 */
export function formatIssues(
  issues: readonly TIssue[],
  present: Record<string, string | undefined>,
  shown: ReadonlySet<string>,
): string {
  const lines = new Set<string>();
  for (const { name, message } of issues) {
    const value = present[name];
    const isShown =
      value !== undefined &&
      shown.has(name) &&
      value.length <= SHOWN_VALUE_MAX_LENGTH &&
      !/[\r\n]/.test(value);
    lines.add(`  ${name} ${message}${isShown ? ` (got "${value}")` : ''}`);
  }
  const count = lines.size === 1 ? '1 problem' : `${lines.size} problems`;
  return `Invalid configuration (${count}):\n${[...lines].join('\n')}`;
}
