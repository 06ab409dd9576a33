/**
 * The brand file that seeds a database without brands (afterwards the console changes brands, and
 * every instance serves the database's published versions).
 *
 * - BRANDS_FILE [the demo brands outside production]: in production, the file of the deployment's
 *   brands, whose placeholder contact details are refused; needed only to seed a database that has
 *   no brand yet (the server refuses to start on one without it). Relative paths are resolved from
 *   the repository root.
 */
import path from 'node:path';
import { z } from 'zod';
import { brandDataProblems, loadBrandData, type TBrandData } from '../brands/brand-data.js';
import { ConfigError, defineArea, type TIssue, ZNotEmpty } from './area.js';

export interface TBrandsConfig {
  /**
   * The brands that seed an empty database (BRANDS_FILE, or the built-in demo brands outside
   * production); null in production without BRANDS_FILE, where the database must hold the brands.
   */
  brands: TBrandData | null;
}

function readBrands(
  file: string | undefined,
  repoRoot: string,
): { brands: TBrandData } | { problem: string } {
  try {
    return { brands: loadBrandData(file === undefined ? undefined : path.resolve(repoRoot, file)) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * In production without a brand file the brands are the database's alone: the built-in demo brands
 * (placeholder contact details) are never served there.
 */
function fromDatabaseOnly(
  file: string | undefined,
  context: { nodeEnv?: string | undefined; sandbox?: boolean | undefined },
): boolean {
  return file === undefined && context.nodeEnv === 'production' && context.sandbox !== true;
}

export const brandsArea = defineArea({
  variables: z.object({ BRANDS_FILE: ZNotEmpty.optional() }),
  // An unreadable or placeholder brand file is listed with every other problem.
  check: (env, context) => {
    if (fromDatabaseOnly(env.BRANDS_FILE, context)) return [];
    const read = readBrands(env.BRANDS_FILE, context.repoRoot);
    if ('problem' in read) return [{ name: 'BRANDS_FILE', message: read.problem }];
    if (context.nodeEnv !== 'production' || context.sandbox === true) return [];
    return brandDataProblems(read.brands).map((problem): TIssue => ({
      name: 'BRANDS_FILE',
      message: problem,
    }));
  },
  // Read again once the whole environment is valid (the check ran on it alone).
  build: (env, context): TBrandsConfig => {
    if (fromDatabaseOnly(env.BRANDS_FILE, context)) return { brands: null };
    const read = readBrands(env.BRANDS_FILE, context.repoRoot);
    if ('problem' in read) throw new ConfigError(`BRANDS_FILE ${read.problem}`);
    return { brands: read.brands };
  },
});
