import { describe, expect, it } from 'vitest';
import { deviceLabelOf, UNKNOWN_DEVICE_LABEL } from './device-label.js';

describe('deviceLabelOf', () => {
  it.each([
    [
      'Chrome on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    ],
    [
      'Firefox on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    ],
    [
      'Safari on iOS',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ],
    [
      'Edge on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    ],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    ],
    ['curl', 'curl/8.5.0'],
    ['Linux', 'SomeBot (X11; Linux x86_64)'],
    [UNKNOWN_DEVICE_LABEL, 'lightMyRequest'],
    [UNKNOWN_DEVICE_LABEL, undefined],
    [UNKNOWN_DEVICE_LABEL, ''],
  ])('names %s', (label, userAgent) => {
    expect(deviceLabelOf(userAgent)).toBe(label);
  });

  it('stays within the stored bound whatever the header', () => {
    expect(deviceLabelOf(`${'x'.repeat(10_000)} Firefox/1`).length).toBeLessThanOrEqual(64);
  });
});
