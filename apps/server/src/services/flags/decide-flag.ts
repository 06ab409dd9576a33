/**
 * The feature-flag decision (document 2 §3, §6): an organisation override wins; otherwise the flag
 * is on when enabled and the tracker's bucket falls inside the rollout. Buckets are stable per flag
 * and tracker, so a browser keeps its answer between visits, and independent between flags.
 */
import { createHash } from 'node:crypto';

/** Buckets a rollout percentage counts in: 0 to 99. */
export const ROLLOUT_BUCKETS = 100;

export interface TFlagSetting {
  enabled: boolean;
  rolloutPct: number;
  organizationOverrides: Record<string, boolean>;
}

export interface TFlagUser {
  organization: string;
  trackerId: string;
}

/** The first four bytes of sha256("<flag key>:<tracker>") as an unsigned integer, mod 100. */
export function rolloutBucket(flagKey: string, trackerId: string): number {
  const digest = createHash('sha256').update(`${flagKey}:${trackerId.toLowerCase()}`).digest();
  return digest.readUInt32BE(0) % ROLLOUT_BUCKETS;
}

export function decideFlag(flagKey: string, setting: TFlagSetting, user: TFlagUser): boolean {
  const override = Object.hasOwn(setting.organizationOverrides, user.organization)
    ? setting.organizationOverrides[user.organization]
    : undefined;
  if (override !== undefined) return override;
  return setting.enabled && rolloutBucket(flagKey, user.trackerId) < setting.rolloutPct;
}
