import { describe, expect, it } from 'vitest';
import type { TBanner } from '@pledge/contract';
import { bannersToShow, isBannerDismissed } from './banner-rules.js';

function banner(uuidEnd: string, overrides: Partial<TBanner> = {}): TBanner {
  return {
    uuid: `00000000-0000-4000-8000-0000000000${uuidEnd}`,
    message: `Banner ${uuidEnd}`,
    apps: ['crypto-backed-loan'],
    variant: 'info',
    active: true,
    dismissable: true,
    metadata: { createdAt: '2025-03-01T10:00:00.000Z', updatedAt: '2025-03-01T10:00:00.000Z' },
    ...overrides,
  };
}

const show = (banners: TBanner[], dismissals = {}, max = 5) =>
  bannersToShow(banners, { app: 'crypto-backed-loan', dismissals, max }).map((b) => b.message);

describe('bannersToShow', () => {
  it('shows active banners only', () => {
    expect(show([banner('01'), banner('02', { active: false })])).toEqual(['Banner 01']);
  });

  it('shows only banners meant for this app', () => {
    expect(show([banner('01', { apps: ['dashboard'] }), banner('02')])).toEqual(['Banner 02']);
  });

  it('puts the newest first and keeps at most the number asked for', () => {
    const banners = [
      banner('01', {
        metadata: { createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' },
      }),
      banner('02', {
        metadata: { createdAt: '2025-03-01T00:00:00Z', updatedAt: '2025-03-01T00:00:00Z' },
      }),
      banner('03', {
        metadata: { createdAt: '2025-02-01T00:00:00Z', updatedAt: '2025-02-01T00:00:00Z' },
      }),
    ];
    expect(show(banners)).toEqual(['Banner 02', 'Banner 03', 'Banner 01']);
    expect(show(banners, {}, 1)).toEqual(['Banner 02']);
  });

  it('hides a banner dismissed since it last changed', () => {
    const dismissedAfter = { [banner('01').uuid]: Date.parse('2025-03-02T00:00:00Z') };
    expect(show([banner('01'), banner('02')], dismissedAfter)).toEqual(['Banner 02']);
  });

  it('shows a banner again once it changed after its dismissal', () => {
    const dismissedBefore = { [banner('01').uuid]: Date.parse('2025-02-28T00:00:00Z') };
    expect(show([banner('01')], dismissedBefore)).toEqual(['Banner 01']);
  });

  it('never hides a banner that cannot be dismissed', () => {
    const fixed = banner('01', { dismissable: false });
    expect(isBannerDismissed(fixed, { [fixed.uuid]: Date.parse('2030-01-01T00:00:00Z') })).toBe(
      false,
    );
  });
});
