/**
 * The brands served: a file of brands with their contact details, or the built-in demo brands.
 *
 * - BRANDS_FILE [the demo brands]: required in production, where the demo brands' placeholder
 *   contact details are refused; relative paths are resolved from the repository root.
 */
import path from 'node:path';
import { z } from 'zod';
import { brandDataProblems, loadBrandData, type TBrandData } from '../brands/brand-data.js';
import { ConfigError, defineArea, type TIssue, ZNotEmpty } from './area.js';

export interface TBrandsConfig {
  /** The brands served, with their contact details (BRANDS_FILE, or the built-in demo brands). */
  brands: TBrandData;
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

export const brandsArea = defineArea({
  variables: z.object({ BRANDS_FILE: ZNotEmpty.optional() }),
  // A missing or placeholder brand file is listed with every other problem.
  check: (env, context) => {
    const read = readBrands(env.BRANDS_FILE, context.repoRoot);
    if ('problem' in read) return [{ name: 'BRANDS_FILE', message: read.problem }];
    if (context.nodeEnv !== 'production' || context.sandbox === true) return [];
    if (env.BRANDS_FILE === undefined) {
      return [
        {
          name: 'BRANDS_FILE',
          message:
            'is required when NODE_ENV=production (the built-in demo brands carry placeholder contact details)',
        },
      ];
    }
    return brandDataProblems(read.brands).map((problem): TIssue => ({
      name: 'BRANDS_FILE',
      message: problem,
    }));
  },
  // Read again once the whole environment is valid (the check ran on it alone).
  build: (env, context): TBrandsConfig => {
    const read = readBrands(env.BRANDS_FILE, context.repoRoot);
    if ('problem' in read) throw new ConfigError(`BRANDS_FILE ${read.problem}`);
    return { brands: read.brands };
  },
});
