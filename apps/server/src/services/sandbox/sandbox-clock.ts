/**
 * The sandbox clock, the deployment's one clock when SANDBOX is on: real time plus an offset kept
 * in the database (`sandbox_clock`), so that every instance agrees on it. The clock port stays a
 * synchronous function (`TClock`), reading the offset this process last loaded; the app loads it
 * again for every request that tells the time (so a request made after a move on any instance
 * sees it): a signed-in request within its session check's own statement, others in a statement
 * of their own before they run; and the process about once a second for its background jobs.
 */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { sandboxClock } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';

/** How often a process with background jobs loads the offset again outside requests. */
export const SANDBOX_CLOCK_FOLLOW_MS = 1_000;

export interface TSandboxClock {
  /** The deployment's time. */
  now: TClock;
  /** Loads the offset from the database. */
  refresh(): Promise<void>;
  /** Takes an offset just written by this process. */
  adopt(offsetMs: number): void;
  /**
   * For a load made by another statement (the session check reads the offset in its own): called
   * before the statement is sent, it answers what takes the offset read, unless a load begun later
   * has been taken meanwhile.
   */
  loading(): (offsetMs: number) => void;
  /** Real time, ms since the epoch, without the offset. */
  realNow(): number;
  /** Loads the offset every `intervalMs` until stopped (for background jobs). */
  follow(intervalMs: number, onError: (error: unknown) => void): { stop(): void };
}

/** The offset the database holds (0 when the clock was never moved or was reset). */
export async function readSandboxClockOffsetMs(db: TDb): Promise<number> {
  const [row] = await db
    .select({ offsetMs: sandboxClock.offsetMs })
    .from(sandboxClock)
    .where(eq(sandboxClock.id, true));
  return row?.offsetMs ?? 0;
}

export function createSandboxClock(db: TDb, realNow: () => number = Date.now): TSandboxClock {
  let offsetMs = 0;
  // Loads overlap: a load that began before a newer load or write finished must not undo it.
  let started = 0;
  let applied = 0;
  const apply = (ticket: number, value: number) => {
    if (ticket < applied) return;
    applied = ticket;
    offsetMs = value;
  };
  const clock: TSandboxClock = {
    now: () => new Date(realNow() + offsetMs),
    async refresh() {
      const ticket = ++started;
      apply(ticket, await readSandboxClockOffsetMs(db));
    },
    adopt(value) {
      apply(++started, value);
    },
    loading() {
      const ticket = ++started;
      return (value) => apply(ticket, value);
    },
    realNow,
    follow(intervalMs, onError) {
      const timer = setInterval(() => {
        clock.refresh().catch(onError);
      }, intervalMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },
  };
  return clock;
}
