import { useEffect, useState } from 'react';

/**
 * The server's time as the device counts it: the device's clock corrected by `serverOffsetMs` (see
 * `serverClockOffsetMs`), renewed every `tickMs`. Every countdown of a deadline the server enforces
 * (the borrower's cure countdown, the console's time left) counts on it.
 */
export function useServerNow(serverOffsetMs: number, tickMs: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return deviceNow + serverOffsetMs;
}
