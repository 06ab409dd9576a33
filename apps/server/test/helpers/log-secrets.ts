/**
 * Looking for secrets in captured log output. A short secret of digits (an SSN's last four, a
 * six-digit code) turns up by chance in what the logger writes of its own: a line's time ending
 * in …889063 and a request id holding …6789… each failed a test once. So the logger's own fields
 * are left out, and a secret of digits only counts where it stands on its own; a leaked
 * "***-**-6789" or `"ssn":6789` is still found.
 */
import { expect } from 'vitest';

/** What the logger writes of its own on every line: times, ids, the host. */
const MACHINE_FIELDS = ['time', 'pid', 'hostname', 'reqId', 'responseTime'];

/** The log's JSON lines without the logger's own fields (other lines as they are). */
export function withoutMachineFields(output: string): string {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return line;
      }
      for (const field of MACHINE_FIELDS) delete record[field];
      if (typeof record.req === 'object' && record.req !== null) {
        delete (record.req as Record<string, unknown>).id;
      }
      return JSON.stringify(record);
    })
    .join('\n');
}

/** Digits that stand on their own: not inside a longer run of letters and digits. */
export function digitsOnTheirOwn(digits: string): RegExp {
  return new RegExp(`(?<![0-9A-Za-z])${digits}(?![0-9A-Za-z])`);
}

/** Expects none of `secrets` in the log output (see above for secrets of digits only). */
export function expectNoSecretInLog(output: string, secrets: readonly string[]): void {
  const text = withoutMachineFields(output);
  for (const secret of secrets) {
    if (/^\d+$/.test(secret)) {
      expect(text).not.toMatch(digitsOnTheirOwn(secret));
    } else {
      expect(text).not.toContain(secret);
    }
  }
}
