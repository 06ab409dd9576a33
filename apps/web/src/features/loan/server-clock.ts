/**
 * The server's clock as the device can know it: a view carries the server's time (`asOf`), and the
 * device notes when it received it; the difference is how far the device's clock is off. Countdowns
 * (the margin call's cure) run on the device's clock corrected by it, so a device set wrong, or a
 * sandbox deployment whose clock was moved on, still counts what the server will enforce.
 */

/** Milliseconds the server's clock is ahead of the device's (negative when behind); 0 when unknown. */
export function serverClockOffsetMs(asOf: string, receivedAtMs: number): number {
  const serverMs = Date.parse(asOf);
  if (Number.isNaN(serverMs) || !Number.isFinite(receivedAtMs)) return 0;
  return serverMs - receivedAtMs;
}
