/**
 * A coarse name of a device from its user agent ("Firefox on Windows"), for a person's list of
 * sessions: enough to recognise one's own devices, never the user agent itself (which is more
 * precise than the list needs).
 */
export const UNKNOWN_DEVICE_LABEL = 'Unknown device';

/** Longest user agent read: a longer header is cut before matching, never stored. */
const USER_AGENT_READ_MAX = 512;

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, table: readonly (readonly [RegExp, string])[]): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function deviceLabelOf(userAgent: string | undefined): string {
  if (userAgent === undefined) return UNKNOWN_DEVICE_LABEL;
  const text = userAgent.slice(0, USER_AGENT_READ_MAX);
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser !== null && system !== null) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE_LABEL;
}
