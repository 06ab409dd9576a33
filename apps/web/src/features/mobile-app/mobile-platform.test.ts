import { describe, expect, it } from 'vitest';
import { mobilePlatform } from './mobile-platform.js';

describe('mobilePlatform', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15', 0, 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 5, 'ios'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.4 Safari/605.1.15', 5, 'ios'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/124.0 Mobile Safari/537.36', 5, 'android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/124.0 Safari/537.36', 0, null],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36', 0, null],
  ] as const)('%s (%i touch points) → %s', (userAgent, touchPoints, platform) => {
    expect(mobilePlatform(userAgent, touchPoints)).toBe(platform);
  });
});
