import type { FullConfig } from '@playwright/test';
import { startLaneServers } from './lanes.js';

/**
 * Starts each lane's server, on the port of the lane's baseURL (playwright.config.ts), unless the
 * suite runs against E2E_BASE_URL; the function returned stops them when the suite ends.
 */
export default async function globalSetup(
  config: FullConfig,
): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  const ports = config.projects.map((project) => Number(new URL(project.use.baseURL ?? '').port));
  return startLaneServers(ports);
}
