/**
 * The route handlers running now, so that a drain waits for them and not only for their
 * connections: a client that hangs up mid-request (a load balancer's timeout, a closed tab) closes
 * the connection while its handler still runs, and the pool must not close under it (a payment
 * between its two transactions would fail halfway).
 */
export interface TInFlight {
  readonly count: number;
  /** Runs `work` counted as in flight. */
  track<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when no handler runs. */
  idle(): Promise<void>;
}

export function createInFlight(): TInFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  const leave = () => {
    count -= 1;
    if (count > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  // Every request runs through track: one pair of callbacks made here counts it out, where an
  // async function would cost each request a promise and a suspended frame of its own.
  const leaveWith = <T>(value: T): T => {
    leave();
    return value;
  };
  const leaveThrowing = (error: unknown): never => {
    leave();
    throw error;
  };
  return {
    get count() {
      return count;
    },
    track(work) {
      count += 1;
      let running;
      try {
        running = work();
      } catch (error) {
        leave();
        return Promise.reject(error);
      }
      return running.then(leaveWith, leaveThrowing);
    },
    idle() {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
