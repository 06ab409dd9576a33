export interface TRetryTiming {
  /** Time between two tries. */
  intervalMs: number;
  /** No try is started this long after the first; the last failure is then final. */
  giveUpMs: number;
}

export class LoadCancelledError extends Error {
  constructor() {
    super('The load was cancelled');
    this.name = 'LoadCancelledError';
  }
}

/**
 * Tries `load` at once, then every `intervalMs` while it fails, and rejects with the last error
 * once the next try would start at or after `giveUpMs`. Aborting the signal stops the tries.
 */
export function loadWithRetry<T>(
  load: () => Promise<T>,
  { intervalMs, giveUpMs }: TRetryTiming,
  signal: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new LoadCancelledError());
      },
      { once: true },
    );

    function attempt(tryNumber: number) {
      if (signal.aborted) return;
      load().then(resolve, (error: unknown) => {
        if (signal.aborted) return;
        const isTimeUp = tryNumber * intervalMs >= giveUpMs;
        timer = setTimeout(() => (isTimeUp ? reject(error) : attempt(tryNumber + 1)), intervalMs);
      });
    }

    attempt(1);
  });
}
