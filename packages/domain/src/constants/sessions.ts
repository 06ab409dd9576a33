/**
 * Session limits (OWASP ASVS V3.3): a session ends after a stretch without use (idle) and, used or
 * not, a fixed time after sign-in (absolute). Agents hold wider powers, so their limits are shorter.
 */
import type { TSignInAudience } from '../enums.js';

export interface TSessionLimits {
  /** The session ends when it has not been used for this long. */
  idleTimeoutMinutes: number;
  /** The session ends this long after sign-in, however much it is used. */
  absoluteLimitHours: number;
}

export const SESSION_LIMITS: Readonly<Record<TSignInAudience, TSessionLimits>> = {
  customer: { idleTimeoutMinutes: 30, absoluteLimitHours: 12 },
  agent: { idleTimeoutMinutes: 15, absoluteLimitHours: 8 },
};

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;

/** The idle timeout of an audience, in milliseconds. */
export function sessionIdleTimeoutMs(audience: TSignInAudience): number {
  return SESSION_LIMITS[audience].idleTimeoutMinutes * MS_PER_MINUTE;
}

/** The absolute limit of an audience, in milliseconds. */
export function sessionAbsoluteLimitMs(audience: TSignInAudience): number {
  return SESSION_LIMITS[audience].absoluteLimitHours * MS_PER_HOUR;
}
